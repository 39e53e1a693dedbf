/*
 * The board on the wall: every table's totals, hands, dealer and W, and the
 * standings as if the night ended now. It re-reads /api/board/TOKEN on every
 * change the service announces (Server-Sent Events), so it is never more than
 * a round trip behind the last hand entered anywhere.
 *
 * Names and figures are set apart from the page's direction: a name is its own
 * paragraph (dir="auto"), so a Latin name in a Persian board reads left to right and,
 * when it is too long, loses its logical end, never its start; a figure is isolated
 * left to right (dir="ltr"), so -22 and .500 keep their sign and point where they
 * belong in a right-to-left row. Every name shown short carries its full name as
 * its tooltip.
 */
"use strict";

(() => {
  const { el, clear, letters, bySide, request } = Night;
  const api = `/api/board/${encodeURIComponent(Night.token)}`;
  const $ = (id) => document.getElementById(id);

  /** What each table showed last time, so a table that changed can flash. */
  let shown = new Map();
  let loading = false;
  let again = false;
  let unfollow = null; // stops following the event stream

  /** A team's name as its own paragraph: its direction its own, its full name in its title. */
  function name(tag, text, className) {
    const node = el(tag, text, className);
    node.dir = "auto";
    node.title = String(text);
    return node;
  }

  /** A figure isolated left to right: its sign and its point stay where they are written. */
  function figure(tag, value, className) {
    const node = el(tag, value, className);
    node.dir = "ltr";
    return node;
  }

  /** A tournament's round (``board.tournament``; null on other nights): its pairs sit
   * North–South (the first side) and East–West. */
  let tournament = null;

  function tile(table) {
    const codes = letters(table.sides);
    const item = el("li", null, "tile");
    item.dataset.table = String(table.table);
    if (table.finished) item.classList.add("finished");

    const head = el("div", null, "tile-head");
    head.append(el("span", fill(_("Table {number}"), { number: table.table }), "tile-number"));
    const info = [fill(ngettext("{count} hand", "{count} hands", table.hands), { count: table.hands })];
    if (table.dealer && !table.finished) {
      info.push(fill(_("deals: {dealer}"), { dealer: table.dealer_name || table.dealer }));
    }
    head.append(el("span", info.join(" · "), "tile-info"));
    item.append(head);

    codes.forEach((code, index) => {
      const side = el("div", null, "side");
      if (tournament) {
        const who = el("div", null, "who");
        who.append(el("span", index === 0 ? _("North–South") : _("East–West"), "seats"));
        who.append(name("span", table.sides[index], "name fit"));
        side.append(who);
      } else {
        side.append(name("span", table.sides[index], "name fit"));
      }
      if (table.finished && table.winner === code) {
        side.classList.add("winner");
        const w = el("span", _("W"), "w");
        w.setAttribute("aria-label", _("won"));
        side.append(w);
      }
      side.append(figure("span", bySide(table.totals, code, index) ?? 0, "total"));
      item.append(side);
    });
    if (table.finished && table.winner === "tie") item.append(el("p", _("A tie"), "tie"));
    return item;
  }

  function showTables(tables) {
    const list = $("tables");
    clear(list);
    const next = new Map();
    list.closest(".board").classList.toggle("few", tables.length <= 8);
    list.classList.toggle("many", tables.length > 12);
    list.classList.toggle("crowded", tables.length > 20);
    for (const table of tables) {
      const item = tile(table);
      const key = JSON.stringify([table.totals, table.hands, table.finished, table.winner]);
      const before = shown.get(table.table);
      if (before !== undefined && before !== key) item.classList.add("changed");
      next.set(table.table, key);
      list.append(item);
    }
    shown = next;
    if (tables.length === 0) list.append(el("li", _("No tables tonight."), "empty"));
  }

  function showStandings(rows) {
    $("standings").classList.toggle("many", rows.length > 12);
    $("standings").classList.toggle("crowded", rows.length > 24);
    const body = $("standings-body");
    clear(body);
    let division = null;
    for (const row of rows) {
      // With divisions the rows come grouped, each ranked on its own: a heading per division.
      if (row.division && row.division !== division) {
        const heading = el("th");
        heading.append(name("span", row.division, "fit"));
        heading.colSpan = 8;
        heading.scope = "colgroup";
        const band = el("tr", undefined, "division");
        band.append(heading);
        body.append(band);
      }
      division = row.division || null;
      const line = el("tr");
      const team = el("th", null, "team");
      team.scope = "row";
      team.append(name("span", row.team, "fit"));
      line.append(el("td", row.rank), team);
      const pct = typeof row.pct === "number" ? row.pct.toFixed(3).replace(/^0/, "") : row.pct;
      const diff = row.diff > 0 ? `+${row.diff}` : String(row.diff);
      for (const value of [row.gp, row.w, row.l, row.t, pct, diff]) {
        const cell = el("td");
        cell.append(figure("bdi", value));
        line.append(cell);
      }
      body.append(line);
    }
  }

  /** A tournament round's standings, player by player, in place of the teams' (its
   * partnerships change every round), and who sits the round out. Beside a bracket
   * whose season has no regular game (a knockout's), the teams' standings are left out:
   * playoff games never count in them, so they would be all noughts. */
  function showTournament(board) {
    const round = board.tournament;
    const noneCounted = Boolean(board.playoffs) && !(board.standings || []).some((row) => row.gp > 0);
    $("team-standings").hidden = Boolean(round) || noneCounted;
    $("player-standings").hidden = !round;
    $("byes").hidden = !(round && round.byes.length);
    if (!round) return;
    $("byes").textContent = fill(_("Round {round}: sitting out: {players}"), {
      round: round.round,
      players: list(round.byes),
    });
    const rows = round.standings;
    $("players").classList.toggle("many", rows.length > 16);
    $("players").classList.toggle("crowded", rows.length > 28);
    const body = $("players-body");
    clear(body);
    for (const row of rows) {
      const line = el("tr");
      if (round.over && row.rank === 1) line.classList.add("champion-row");
      const player = el("th", null, "team");
      player.scope = "row";
      player.append(name("span", row.player, "fit"));
      line.append(el("td", row.rank), player);
      for (const value of [row.points, row.wins]) {
        const cell = el("td");
        cell.append(figure("bdi", value));
        line.append(cell);
      }
      body.append(line);
    }
    const first = rows.filter((row) => row.rank === 1).map((row) => row.player);
    $("players-title").textContent = round.over && first.length
      ? fill(_("Champion: {team}"), { team: list(first) }) : _("Standings");
  }

  /** A playoff night's bracket (``board.playoffs``; null on other nights): a column a round;
   * a double bracket's grand final after its winners' rounds, its losers' rounds below. */
  function showPlayoffs(bracket) {
    const section = $("playoffs");
    section.hidden = !bracket;
    if (!bracket) return;
    const list = $("bracket");
    clear(list);
    const finals = (bracket.finals || []).map((match) => ({ name: match.name, matches: [match] }));
    for (const round of [...bracket.rounds, ...finals]) list.append(roundColumn(round));
    const losers = $("losers-bracket");
    clear(losers);
    losers.hidden = !bracket.double_elimination;
    for (const round of bracket.losers_rounds || []) losers.append(roundColumn(round));
    $("champion").textContent = bracket.champion
      ? fill(_("Champion: {team}"), { team: bracket.champion })
      : "";
  }

  /** A round of the bracket: its name over a box a match (its seeded teams, their points). */
  function roundColumn(round) {
    const column = el("li", null, "round");
    column.append(el("h3", _(round.name)));
    for (const match of round.matches) {
      const box = el("div", null, "pairing");
      for (const [index, entrant] of [match.home, match.away].entries()) {
        const line = el("div", null, "entrant");
        const entered = entrant ? `(${entrant.seed}) ${entrant.team}` : _("bye");
        line.append(name("span", entered, "team fit"));
        if (entrant && match.winner === entrant.team) line.classList.add("winner");
        const points = match.games.map((game) => game[index]).join(" · ");
        if (entrant && points) line.append(el("span", points, "points"));
        box.append(line);
      }
      if (match.disputed) box.append(el("p", _("disputed"), "disputed"));
      column.append(box);
    }
    return column;
  }

  async function load() {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      const answer = await request("GET", api);
      if (answer.status === 200 && answer.body) {
        const board = answer.body;
        tournament = board.tournament || null;
        const night = tournament
          ? fill(_("Round {round} of {rounds}"), { round: tournament.round, rounds: tournament.rounds })
          : fill(_("{season}, week {week}"), { season: board.season, week: board.week });
        // The league's name (a tournament's own) heads the board (the app's name until the
        // first answer).
        const heading = tournament ? tournament.name : board.league;
        if (heading) {
          $("title").textContent = heading;
          $("title").dir = "auto";
        }
        $("night-line").textContent = night;
        document.title = fill(_("Clabber League · {night}"), { night });
        showTables(board.tables || []);
        showStandings(board.standings || []);
        showTournament(board);
        showPlayoffs(board.playoffs || null);
        const updated = fill(_("Updated {time}"), {
          time: new Date().toLocaleTimeString(NightWords.lang),
        });
        $("updated").textContent = updated;
        $("players-updated").textContent = updated;
        connection(true);
      } else if (answer.status === 404) {
        connection(false, _("Closed"));
        if (unfollow) unfollow();
      } else {
        connection(false);
      }
    } finally {
      loading = false;
      if (again) {
        again = false;
        load();
      }
    }
  }

  function connection(up, words) {
    const line = $("connection");
    line.textContent = words || (up ? _("Live") : _("No connection"));
    line.className = `connection ${up ? "up" : "down"}`;
  }

  load();
  unfollow = Night.follow(["board"], load, (up) => connection(up));
})();
