/*
 * The table's phone page: the sheet as on paper, and a hand entered in a few taps.
 *
 * The page never scores a hand itself: every figure on it comes from the
 * service, which asks the same rules engine as the desktop (the preview names
 * the rule's verdict before the hand can be sent). A hand sent while the
 * connection is down waits in localStorage under a client-made id and is
 * sent when the connection returns; the id makes a repeated send harmless.
 */
"use strict";

(() => {
  const { el, clear, letters, bySide, request, newId, seatName } = Night;
  const api = `/api/t/${encodeURIComponent(Night.token)}`;
  const QUEUE_KEY = `clabber-night/${Night.token}/waiting`;
  const RETRY_MS = 4000;
  const CONFIRM_MS = 5000;
  /** How long a passing message ("Hand 6 undone.") stays, unless a tap clears it sooner. */
  const MESSAGE_MS = 6000;
  /** The most digits a side's trick points have (no deal gives anyone 1000 or more). */
  const MOST_DIGITS = 3;
  /** A team's scored meld totals under the default rules (RULES.md §4), until the
   * service says which its rule set allows. */
  const DEFAULT_MELD_TOTALS = [
    0, 20, 40, 50, 60, 70, 80, 90, 100, 120, 140, 150, 200, 220, 240, 300,
  ];
  const SUITS = [
    ["", "–", _("not given")],
    ["S", "♠", _("spades")],
    ["H", "♥", _("hearts")],
    ["D", "♦", _("diamonds")],
    ["C", "♣", _("clubs")],
  ];

  const $ = (id) => document.getElementById(id);

  /** The digits 0–9 as the page's language writes figures: Persian digits in Persian, as
   * the desktop's sheet and the printout write them (i18n.figures), the browser's own
   * numbering for the language (CLDR's, which is the app's rule for its languages). */
  const DIGITS = Array.from("0123456789", (digit) => new Intl.NumberFormat(NightWords.lang).format(Number(digit)));

  /** A sheet's figure ("162", "XX", "512–430") in the language's digits. */
  function figure(text) {
    return String(text).replace(/[0-9]/g, (digit) => DIGITS[digit]);
  }

  const form = $("entry");

  let table = null; // the last GET /api/t/TOKEN answer
  let shapeKey = ""; // the sides and meld totals the form was built for
  let activeTricks = null; // the side whose trick points the keypad types
  let previewTurn = 0;
  let previewTimer = null;
  let verdictOk = false;
  let formKey = ""; // the hand the verdict is about
  let sending = false;
  let connected = false;
  let closed = false;
  let conflict = false; // the first waiting hand met a sheet that changed meanwhile
  let retryTimer = null;
  let confirmTimer = null;
  let unfollow = null; // stops following the event stream
  let correcting = null; // the number of the hand the form corrects, or null

  // ------------------------------------------------------------------ waiting hands
  function waiting() {
    try {
      const list = JSON.parse(localStorage.getItem(QUEUE_KEY) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (_error) {
      return [];
    }
  }

  function keepWaiting(list) {
    localStorage.setItem(QUEUE_KEY, JSON.stringify(list));
  }

  // ------------------------------------------------------------------ the sheet
  function sides() {
    return table ? table.sides : [];
  }

  function currentGame() {
    if (!table || !table.games || table.games.length === 0) return null;
    const index = table.current === null || table.current === undefined
      ? table.games.length - 1 : table.current;
    return table.games[index] || null;
  }

  /** The number of the game shown (1 for the first), 0 before the match's first game. */
  function gameNumber() {
    if (!table) return 0;
    return table.game || (table.games ? table.games.length : 0);
  }

  /** Whether a game is under way (the service's "current"), so hands can be entered. */
  function underWay() {
    return Boolean(table) && table.current !== null && table.current !== undefined;
  }

  function showSheet() {
    const game = currentGame();
    const names = sides();
    const codes = letters(names);
    const players = (table && table.players) || {};
    const head = $("sheet-head");
    const body = $("sheet-body");
    const foot = $("sheet-foot");
    clear(head);
    clear(body);
    clear(foot);

    const top = el("tr");
    const hand = el("th", "#");
    hand.rowSpan = 2;
    hand.scope = "col";
    hand.title = _("hand");
    const deals = el("th", _("Deals"));
    deals.rowSpan = 2;
    deals.scope = "col";
    top.append(hand, deals);
    const under = el("tr");
    names.forEach((name) => {
      const team = el("th", name, "team");
      team.colSpan = 2;
      team.scope = "colgroup";
      top.append(team);
      const mark = el("th", _("hand"), "small");
      mark.scope = "col";
      const total = el("th", _("total"), "small");
      total.scope = "col";
      under.append(mark, total);
    });
    head.append(top, under);

    const hands = game ? game.hands : [];
    for (const row of hands) {
      const line = el("tr");
      const number = el("th", figure(row.n));
      number.scope = "row";
      line.append(number, el("td", players[row.dealer] || row.dealer, "dealer"));
      codes.forEach((code, index) => {
        line.append(markCell(row, code, index), el("td", figure(bySide(row.totals, code, index) ?? ""), "total"));
      });
      body.append(line);
    }
    waiting().forEach((item, index) => {
      const line = el("tr", null, "pending");
      const number = el("th", figure(hands.length + index + 1));
      number.scope = "row";
      const note = el("td", fill(_("waiting to be sent: {hand}"), { hand: handWords(item.hand) }), "pending-words");
      note.colSpan = 1 + 2 * codes.length;
      line.append(number, note);
      body.append(line);
    });
    if (hands.length === 0 && waiting().length === 0) {
      const line = el("tr");
      const empty = el("td", _("No hand yet."), "empty");
      empty.colSpan = 2 + 2 * codes.length;
      line.append(empty);
      body.append(line);
    }

    if (game && game.finished) {
      const line = el("tr", null, "result");
      line.append(el("td"), el("td"));
      codes.forEach((code) => {
        const cell = el("td", "", "w");
        cell.colSpan = 2;
        if (game.winner === code) {
          cell.textContent = "W";
          cell.setAttribute("aria-label", fill(_("{team} won"), { team: names[codes.indexOf(code)] }));
        } else if (game.winner === "tie") {
          // The sheet's one tie word, as the window and the printout write it.
          cell.textContent = _("Tie");
        }
        line.append(cell);
      });
      foot.append(line);
    }

    const number = gameNumber();
    const perMatch = (table && table.games_per_match) || 1;
    $("sheet-title").textContent = number && perMatch > 1
      ? fill(_("Game {number} of {games}"), { number: figure(number), games: figure(perMatch) }) : _("The sheet");
    $("sheet-caption").textContent = fill(_("{match}: the sheet"), { match: versus(names) });
    $("games-line").textContent = earlierGames();
    const scroller = $("sheet-scroll");
    scroller.scrollTop = scroller.scrollHeight;

    const dealerLine = $("dealer-line");
    if (game && game.finished) {
      dealerLine.textContent = game.winner === "tie"
        ? _("The game is over: a tie.")
        : fill(_("The game is over: {team} won."), { team: teamName(game.winner) });
    } else if (table && table.dealer) {
      dealerLine.textContent = fill(_("Deals next: {dealer}"), { dealer: seatName(table.dealer, players) });
    } else {
      dealerLine.textContent = "";
    }
  }

  /**
   * A side's mark cell as the desktop's sheet and the printout write it (RULES.md §8):
   * the mark (a figure, XX, the zero mark), and the small words for what the mark does not
   * say: "all passed" and "both reneged" where nothing is written, "renege" above the
   * reneging side's mark, so a renege never reads as an ordinary set. The sheet's rows
   * (clabber-sheet/1) do not name the reneging side: it is the one that scored 0, since
   * every other side scores 162 and more (RULES.md §6).
   */
  function markCell(row, code, index) {
    const mark = bySide(row.marks, code, index) ?? "";
    const cell = el("td", null, "mark");
    if (row.makers === code) cell.classList.add("makers");
    let note = "";
    if (row.kind === "passed") note = _("all passed");
    else if (row.kind === "void") note = _("both reneged");
    else if (row.kind === "renege" && bySide(row.scores, code, index) === 0) note = _("renege");
    if (note) cell.append(el("span", note, "note"));
    if (row.kind === "renege" && note) cell.classList.add("renege");
    if (mark) cell.append(el("span", figure(mark), mark === "XX" ? "figure set" : "figure"));
    return cell;
  }

  /**
   * Rows scrolled into view (by the keyboard, by a search) stop below the sticky header
   * rather than under it: the scroller's top padding is the header's own height, measured
   * whenever it changes, since it grows with the team names' font and the phone's text size.
   */
  function keepRowsBelowHead() {
    const scroller = $("sheet-scroll");
    const head = $("sheet-head");
    const measure = () => scroller.style.setProperty("--head-height", `${head.getBoundingClientRect().height}px`);
    new ResizeObserver(measure).observe(head);
  }

  /**
   * What is scrolled into view (a focused button, the trump and renege choices as they
   * open) stops above the sticky send bar rather than under it: the page's bottom scroll
   * padding is the bar's own height, measured whenever it changes (its verdict grows to
   * two lines with a long refusal).
   */
  function keepClearOfSendBar() {
    const bar = document.querySelector(".send-bar");
    const measure = () => document.documentElement.style.setProperty(
      "scroll-padding-bottom", `${bar.getBoundingClientRect().height}px`);
    new ResizeObserver(measure).observe(bar);
    $("more").addEventListener("toggle", () => {
      if ($("more").open) $("renege-choices").scrollIntoView({ block: "nearest" });
    });
  }

  /** "Game 1: Eagles W 512–430" for each finished game before the current one. */
  function earlierGames() {
    if (!table || !table.games) return "";
    const codes = letters(sides());
    const shown = table.games.filter((game, index) => game !== currentGame() && game.finished);
    return shown.map((game) => {
      const index = table.games.indexOf(game);
      const totals = figure(codes.map((code, side) => bySide(game.totals, code, side)).join("–"));
      const who = game.winner === "tie" ? _("tie") : fill(_("{team} W"), { team: teamName(game.winner) });
      return fill(_("Game {number}: {result} {totals}"), { number: figure(index + 1), result: who, totals });
    }).join(" · ");
  }

  function teamName(code) {
    const index = letters(sides()).indexOf(code);
    return index >= 0 ? sides()[index] : code;
  }

  // ------------------------------------------------------------------ the entry form
  function choice(name, value, text, label) {
    const holder = el("label", null, "choice");
    const input = el("input");
    input.type = "radio";
    input.name = name;
    input.value = value;
    const face = el("span", text);
    if (label) {
      face.setAttribute("aria-hidden", "true");
      holder.append(input, face, el("span", label, "visually-hidden"));
    } else {
      holder.append(input, face);
    }
    return holder;
  }

  /** Builds the form's choices for these sides (and rebuilds it only when they change). */
  function buildForm() {
    const names = sides();
    const codes = letters(names);
    const totals = (table && table.meld_totals) || DEFAULT_MELD_TOTALS;
    const key = JSON.stringify([names, totals]);
    if (key === shapeKey) return;
    shapeKey = key;

    const makers = $("makers-choices");
    clear(makers);
    codes.forEach((code, index) => makers.append(choice("makers", code, names[index])));
    makers.append(choice("makers", "passed", _("All passed")));

    const fields = $("tricks-fields");
    clear(fields);
    codes.forEach((code, index) => {
      const box = el("div", null, "tricks-field");
      const input = el("input");
      input.id = `tricks-${code}`;
      input.name = `tricks-${code}`;
      input.inputMode = "none";
      input.autocomplete = "off";
      input.dataset.side = code;
      const label = el("label", `${names[index]}`);
      label.htmlFor = input.id;
      const hint = el("span", "", "tricks-hint");
      hint.id = `tricks-hint-${code}`;
      input.setAttribute("aria-describedby", hint.id);
      input.addEventListener("focus", () => chooseTricks(code));
      input.addEventListener("input", () => {
        // Leading zeros say nothing ("0092" is 92): a figure of four digits is 1000 or more.
        const digits = input.value.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
        if (digits.length > MOST_DIGITS) refuseDigits(code, digits);
        input.value = digits.slice(0, MOST_DIGITS);
        onTricksTyped(code);
      });
      box.append(label, input, hint);
      fields.append(box);
    });

    const melds = $("melds-rows");
    clear(melds);
    codes.forEach((code, index) => {
      const row = el("fieldset", null, "choices meld-row");
      row.append(el("legend", fill(_("{team}’s melds"), { team: names[index] })));
      const chips = el("div", null, "choice-row scroll");
      totals.forEach((total) => chips.append(choice(`melds-${code}`, String(total), total)));
      row.append(chips);
      melds.append(row);
    });

    const bell = $("bell-choices");
    clear(bell);
    bell.append(choice("bell", "", _("No bell")));
    codes.forEach((code, index) => bell.append(choice("bell", code, names[index])));

    const trump = $("trump-choices");
    clear(trump);
    for (const [code, symbol, word] of SUITS) {
      const item = choice("trump", code, symbol, word);
      if (code === "H" || code === "D") item.classList.add("red");
      trump.append(item);
    }

    const renege = $("renege-choices");
    clear(renege);
    renege.append(choice("renege", "", _("No renege")));
    codes.forEach((code, index) => renege.append(choice("renege", code, fill(_("{team} reneged"), { team: names[index] }))));
    renege.append(choice("renege", "both", _("Both reneged")));

    resetForm();
  }

  function picked(name) {
    const input = form.querySelector(`input[name="${name}"]:checked`);
    return input ? input.value : "";
  }

  function pick(name, value) {
    for (const input of form.querySelectorAll(`input[name="${name}"]`)) {
      input.checked = input.value === value;
    }
  }

  function tricksInput(code) {
    return $(`tricks-${code}`);
  }

  function resetForm() {
    pick("makers", "");
    for (const code of letters(sides())) {
      tricksInput(code).value = "";
      pick(`melds-${code}`, "0");
    }
    pick("bell", "");
    pick("trump", "");
    pick("renege", "");
    $("more").open = false;
    activeTricks = null;
    formChanged();
  }

  function chooseTricks(code) {
    activeTricks = code;
    for (const other of letters(sides())) {
      tricksInput(other).closest(".tricks-field").classList.toggle("active", other === code);
    }
  }

  function onTricksTyped(_code) {
    // One figure is enough where every card is played (the other side gets the rest);
    // where the rule set needs both, both are typed. The engine says which is wrong.
    formChanged();
  }

  function press(key) {
    if (activeTricks === null) {
      const makers = picked("makers");
      chooseTricks(letters(sides()).includes(makers) ? makers : letters(sides())[0]);
    }
    const input = tricksInput(activeTricks);
    if (key === "clear") input.value = "";
    else if (key === "back") input.value = input.value.slice(0, -1);
    else if (input.value.length < MOST_DIGITS) input.value = (input.value === "0" ? "" : input.value) + key;
    else refuseDigits(activeTricks, input.value + key);
    onTricksTyped(activeTricks);
  }

  let refusedTurn = 0;

  /**
   * A figure too long for the field is refused in the rule's words, never cut short in
   * silence: at once the engine's opening words ("Eagles cannot score 1000 trick points"),
   * then its whole line as the service's check says it, reason and all ("… there are only
   * 162 in a hand"), for this rule set and in the service's language. The field keeps
   * its digits.
   */
  async function refuseDigits(code, digits) {
    const turn = ++refusedTurn;
    const points = Number(digits);
    const line = $("tricks-message");
    passing(line, fill(_("{who} cannot score {points} trick points"), { who: teamName(code), points }));
    const makers = picked("makers");
    const hand = { makers: letters(sides()).includes(makers) ? makers : code, tricks: { [code]: points } };
    const answer = await request("POST", `${api}/check`, { hand });
    const errors = answer.status === 200 && answer.body ? answer.body.errors || [] : [];
    if (turn === refusedTurn && errors.length && line.textContent) passing(line, problems(errors));
  }

  /** The hand on the form, exactly as in clabber-game/1, or null while it is incomplete. */
  function handOnForm() {
    const makers = picked("makers");
    if (makers === "passed") return { passed: true };
    if (!makers) return null;
    const codes = letters(sides());
    const hand = { makers };
    const trump = picked("trump");
    if (trump) hand.trump = trump;
    const renege = picked("renege");
    const melds = {};
    for (const code of codes) {
      const figure = Number(picked(`melds-${code}`) || 0);
      if (figure) melds[code] = figure;
    }
    const bell = picked("bell");
    if (renege) {
      hand.renege = renege;
    } else {
      const tricks = {};
      for (const code of codes) {
        const value = tricksInput(code).value;
        if (value !== "") tricks[code] = Number(value);
      }
      if (Object.keys(tricks).length === 0) return null;
      hand.tricks = tricks;
    }
    if (Object.keys(melds).length) hand.melds = melds;
    if (bell) hand.bell = bell;
    return hand;
  }

  /** A hand in a few words, for the list of hands waiting on the phone. */
  function handWords(hand) {
    if (hand.passed) return _("all passed");
    const parts = [fill(_("{team} made trump"), { team: teamName(hand.makers) })];
    if (hand.renege) {
      parts.push(hand.renege === "both" ? _("both reneged")
        : fill(_("{team} reneged"), { team: teamName(hand.renege) }));
    }
    for (const [code, figure] of Object.entries(hand.tricks || {})) {
      parts.push(fill(_("{team} {points} trick points"), { team: teamName(code), points: figure }));
    }
    for (const [code, figure] of Object.entries(hand.melds || {})) {
      parts.push(fill(_("{team} melds {points}"), { team: teamName(code), points: figure }));
    }
    if (hand.bell) parts.push(fill(_("bell {team}"), { team: teamName(hand.bell) }));
    return list(parts);
  }

  /** The rule's verdict on a previewed row, in plain words. */
  function rowWords(row, finished, winner) {
    const codes = letters(sides());
    const score = (code) => bySide(row.scores, code, codes.indexOf(code));
    const scores = (chosen) => list(chosen.map(
      (code) => fill(_("{team} score {points}"), { team: teamName(code), points: score(code) }),
    ));
    let words;
    if (row.kind === "passed") {
      words = _("All passed: nobody scores, and the deal passes on.");
    } else if (row.kind === "void") {
      words = _("Both teams reneged: nobody scores, and the same dealer deals again.");
    } else if (row.kind === "renege") {
      const other = codes.filter((code) => score(code) > 0);
      words = other.length
        ? fill(_("A renege: {scores}, the reneging team 0."), { scores: scores(other) })
        : _("A renege: nobody scores, the reneging team 0.");
    } else if (row.set) {
      const defenders = codes.filter((code) => code !== row.makers);
      words = fill(_("{team} are set (XX): {scores}."), { team: teamName(row.makers), scores: scores(defenders) });
    } else {
      const totals = list(codes.map(
        (code) => fill(_("{team} {points}"), { team: teamName(code), points: score(code) }),
      ));
      words = fill(_("{team} made it: {scores}."), { team: teamName(row.makers), scores: totals });
    }
    if (finished) {
      const end = winner === "tie" ? _("That ends the game: a tie.")
        : fill(_("That ends the game: {team} win."), { team: teamName(winner) });
      words = fill(_("{verdict} {end}"), { verdict: words, end });
    }
    return words;
  }

  function say(words, tone) {
    const verdict = $("verdict");
    verdict.textContent = words;
    verdict.className = `verdict ${tone || ""}`;
  }

  function formChanged() {
    const makers = picked("makers");
    const renege = picked("renege");
    $("tricks-set").disabled = makers === "passed" || renege !== "";
    $("melds-set").disabled = makers === "passed";
    $("bell-set").disabled = makers === "passed";
    if (activeTricks === null && letters(sides()).includes(makers)) chooseTricks(makers);
    for (const code of letters(sides())) {
      const others = letters(sides()).filter((other) => other !== code);
      const rest = others.some((other) => tricksInput(other).value !== "")
        && tricksInput(code).value === "";
      $(`tricks-hint-${code}`).textContent = rest ? _("the rest") : "";
    }
    const hand = handOnForm();
    const key = JSON.stringify(hand);
    // The same hand as before (Enter in a field says "changed" too): its verdict stands.
    if (key === formKey) return;
    formKey = key;
    verdictOk = false;
    updateSend();
    clearTimeout(previewTimer);
    if (hand === null) {
      say(makers ? _("Type the trick points on the number pad.") : _("Tap the makers’ team to begin."), "");
      return;
    }
    previewTimer = setTimeout(() => preview(hand), 120);
  }

  async function preview(hand) {
    const turn = ++previewTurn;
    if (correcting !== null) {
      previewCorrection();
      return;
    }
    if (waiting().length) {
      say(_("Hands are waiting to be sent: this one will be checked when they are."), "warning");
      verdictOk = true;
      updateSend();
      return;
    }
    say(_("Checking…"), "");
    const answer = await request("POST", `${api}/check`, { hand });
    if (turn !== previewTurn) return;
    if (answer.status === 200 && answer.body) {
      const errors = answer.body.errors || [];
      if (errors.length) {
        say(problems(errors), "refused");
      } else {
        const row = answer.body.row;
        say(row ? rowWords(row, answer.body.finished, answer.body.winner)
          : _("The rules accept this hand."), "ok");
        verdictOk = true;
      }
    } else if (answer.status === 0) {
      say(_("No connection: the hand will be checked and sent when it returns."), "warning");
      verdictOk = true;
    } else {
      answerProblem(answer);
    }
    updateSend();
  }

  /** The engine's lines without the "hand N: " it puts before each. */
  function problems(lines) {
    return (lines || []).map((line) => withoutHandNumber(String(line))).join(" ");
  }

  /** A line without the engine's "hand N: ", in the service's language ("دست 1: …",
   * "1판: …") as in English: the phone's form is about that hand already. */
  function withoutHandNumber(line) {
    for (const template of new Set([_("hand {number}: {problem}"), "hand {number}: {problem}"])) {
      const pattern = template.split(/(\{number\}|\{problem\})/).map((part) => {
        if (part === "{number}") return "\\d+";
        if (part === "{problem}") return "([\\s\\S]*)";
        return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      }).join("");
      const found = new RegExp(`^${pattern}$`).exec(line);
      if (found) return found[1];
    }
    return line;
  }

  function updateSend() {
    const game = currentGame();
    const over = Boolean(game && game.finished) && correcting === null;
    $("send").disabled = !verdictOk || sending || closed || over || conflict;
  }

  // ------------------------------------------------------------------ sending
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const hand = handOnForm();
    if (hand === null || $("send").disabled) return;
    if (correcting !== null) {
      sendCorrection(hand);
      return;
    }
    const list = waiting();
    // Stored before it is sent: a page closed mid-request still has it, and sends it
    // again under the same id, which the service answers without storing it twice.
    list.push({ id: newId(), version: table.version + list.length, hand });
    keepWaiting(list);
    resetForm();
    showSheet();
    sendWaiting();
  });

  async function sendWaiting() {
    if (sending || conflict || closed) return;
    sending = true;
    updateSend();
    let stored = false;
    try {
      for (;;) {
        const list = waiting();
        if (list.length === 0) break;
        const item = list[0];
        const answer = await request("POST", `${api}/hands`, {
          id: item.id, version: item.version, hand: item.hand,
        });
        if (answer.status === 201 || answer.status === 200) {
          keepWaiting(waiting().filter((other) => other.id !== item.id));
          if (news(answer.body.version)) {
            table.version = answer.body.version;
            replaceSheet(answer.body.sheet);
          }
          online(true);
          stored = true;
          continue;
        }
        if (answer.status === 409) {
          conflict = true;
          await load();
        } else if (answer.status === 422) {
          keepWaiting(waiting().filter((other) => other.id !== item.id));
          $("waiting-words").textContent = "";
          say(fill(_("Not stored: {problems}"), { problems: problems(answer.body && answer.body.errors) }), "refused");
          fillForm(item.hand);
          await load();
        } else if (answer.status === 0) {
          online(false);
          scheduleRetry();
        } else {
          answerProblem(answer);
          scheduleRetry();
        }
        break;
      }
    } finally {
      sending = false;
    }
    // Who deals next, the hand number, undo: read again once the hands are stored.
    if (stored) await load();
    else if (table) show();
  }

  /** Whether an answer at `version` is as new as the table shown. Reads and writes
   * overlap (the event stream, a write's own reload, a repeated send answered as the
   * first time) and their answers can arrive out of order: an older one would bring back
   * a sheet without the hands stored since, and the next hand would be sent against a
   * version long gone (409). */
  function news(version) {
    return !table || version >= table.version;
  }

  function replaceSheet(sheet) {
    if (!sheet || !table.games) return;
    const index = table.current === null || table.current === undefined
      ? table.games.length - 1 : table.current;
    if (index >= 0) table.games[index] = sheet;
  }

  function scheduleRetry() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => sendWaiting(), RETRY_MS);
  }

  /** Puts a refused hand back on the form, so it can be mended rather than typed again. */
  function fillForm(hand) {
    resetForm();
    if (hand.passed) {
      pick("makers", "passed");
    } else {
      pick("makers", hand.makers || "");
      for (const [code, figure] of Object.entries(hand.tricks || {})) {
        if (tricksInput(code)) tricksInput(code).value = String(figure);
      }
      for (const [code, figure] of Object.entries(hand.melds || {})) pick(`melds-${code}`, String(figure));
      pick("bell", hand.bell || "");
      pick("trump", hand.trump || "");
      pick("renege", hand.renege || "");
      $("more").open = Boolean(hand.trump || hand.renege);
    }
    formChanged();
  }

  function showWaiting() {
    const list = waiting();
    const box = $("waiting");
    box.hidden = list.length === 0;
    const items = $("waiting-list");
    clear(items);
    list.forEach((item) => items.append(el("li", handWords(item.hand))));
    $("conflict-actions").hidden = !conflict;
    if (conflict) {
      $("waiting-words").textContent = _("The sheet changed before this hand reached it: a hand was entered or undone elsewhere (perhaps this very hand, from another phone at the table). Look at the sheet above, then send it as the next hand or discard it.");
    } else if (list.length) {
      $("waiting-words").textContent = connected
        ? _("Sending…")
        : _("No connection: they are kept on this phone and sent once it returns.");
    } else {
      $("waiting-words").textContent = "";
    }
    showConnection();
  }

  $("send-anyway").addEventListener("click", () => {
    // A fresh id: the first one was refused, so nothing was stored under it.
    const list = waiting().map((item, index) => ({
      ...item, id: index === 0 ? newId() : item.id, version: table.version + index,
    }));
    keepWaiting(list);
    conflict = false;
    sendWaiting();
  });

  $("discard").addEventListener("click", () => {
    keepWaiting(waiting().slice(1));
    conflict = false;
    showWaiting();
    showSheet();
    sendWaiting();
  });

  // ------------------------------------------------------------------ undo and next game
  $("undo").addEventListener("click", async () => {
    const game = currentGame();
    const last = game && game.hands.length ? game.hands[game.hands.length - 1].n : null;
    const button = $("undo");
    if (last === null) {
      tableSays(_("There is no hand to undo."));
      return;
    }
    if (!button.dataset.confirm) {
      button.dataset.confirm = "yes";
      button.textContent = fill(_("Tap again to undo hand {number}"), { number: figure(last) });
      clearTimeout(confirmTimer);
      confirmTimer = setTimeout(resetUndo, CONFIRM_MS);
      return;
    }
    resetUndo();
    await change("undo", () => fill(_("Hand {number} undone."), { number: figure(last) }));
  });

  function resetUndo() {
    const button = $("undo");
    delete button.dataset.confirm;
    button.textContent = _("Undo the last hand");
  }

  $("next-game").addEventListener("click", () => change(
    "games", (body) => (body && body.game
      ? fill(_("Game {number} has begun."), { number: body.game }) : _("The game has begun.")),
  ));

  /** Undo or the next game: sent at once (never kept for later), with its own id. */
  async function change(what, done) {
    if (waiting().length) {
      tableSays(_("First the hands waiting on this phone must be sent."));
      return;
    }
    const answer = await request("POST", `${api}/${what}`, { id: newId(), version: table.version });
    if (answer.status === 200 || answer.status === 201) {
      tableSays(done(answer.body));
      await load();
    } else if (answer.status === 409) {
      tableSays(_("The sheet had changed meanwhile; it is reloaded. Look, then try again."));
      await load();
    } else if (answer.status === 0) {
      tableSays(_("No connection: try again when it returns."));
    } else if (answer.status === 422 && answer.body) {
      tableSays(problems(answer.body.errors));
    } else {
      answerProblem(answer);
    }
  }

  function tableSays(words) {
    passing($("table-message"), words);
  }

  // ------------------------------------------------------------------ passing messages
  const passingTimers = new Map(); // a message's line → the timer that clears it

  /** A message that passes: it stays MESSAGE_MS, or until the next tap or key (`expire`),
   * so "Hand 6 undone." is not still there three hands later. */
  function passing(line, words) {
    clearTimeout(passingTimers.get(line));
    line.textContent = words;
    passingTimers.set(line, setTimeout(() => expire(line), MESSAGE_MS));
  }

  function expire(line) {
    clearTimeout(passingTimers.get(line));
    passingTimers.delete(line);
    line.textContent = "";
  }

  /** The next action clears the passing messages before it says its own: a tap on a
   * control (caught first, before the control's own handler) or a key typed in a field. */
  function expireOnAction(event) {
    if (event.type === "click" && !event.target.closest("button, input, label, summary")) return;
    for (const line of [...passingTimers.keys()]) expire(line);
  }

  // ------------------------------------------------------------------ correcting a hand
  // Any hand of the game shown can be corrected: tap its row, the form fills with the
  // hand as entered, and "Correct hand N" sends it (POST /hands/N). A game with its W
  // is closed: it is reopened first (its own button, tapped twice), and Undo is not
  // offered until it is (docs/league-night.md, "Corrections").
  let reopenTimer = null;

  /** Whether the game shown has its W and is not reopened. */
  function gameClosed() {
    return Boolean(table && table.closed);
  }

  /** After the sheet is shown: the rows to tap, the buttons, the form's mode. */
  function showCorrection() {
    const game = currentGame();
    const count = game ? game.hands.length : 0;
    if (correcting !== null && (!game || correcting > count || gameClosed())) {
      correcting = null; // the hand is gone, or the game was closed elsewhere
      resetForm();
    }
    for (const row of $("sheet-body").querySelectorAll("tr:not(.pending)")) {
      const number = row.querySelector("th");
      if (!number) continue;
      row.classList.add("correctable");
      row.classList.toggle("correcting", Number(number.textContent) === correcting);
      row.tabIndex = 0;
      row.title = _("Tap to correct this hand");
    }
    $("undo").hidden = $("undo").hidden || gameClosed();
    $("reopen").hidden = !gameClosed();
    if (!gameClosed()) resetReopen();
    $("cancel-correction").hidden = correcting === null;
    $("clear").hidden = correcting !== null;
    if (correcting !== null) {
      $("entry").hidden = false;
      $("entry-title").textContent = fill(_("Correct hand {number}"), { number: correcting });
      $("send").textContent = fill(_("Correct hand {number}"), { number: correcting });
    } else {
      $("send").textContent = _("Send the hand");
    }
  }

  /** A tapped row: its hand on the form, read as it was entered. */
  async function startCorrection(n) {
    if (!table || closed) return;
    if (gameClosed()) {
      tableSays(_("The game is over: reopen it first to correct a hand."));
      return;
    }
    if (waiting().length) {
      tableSays(_("First the hands waiting on this phone must be sent."));
      return;
    }
    const answer = await request("GET", `${api}/hands/${n}`);
    if (answer.status === 200 && answer.body) {
      correcting = n;
      fillForm(answer.body.hand);
      show();
      tableSays(fill(_("Correcting hand {number}: change it, then tap Correct hand {number}."), { number: n }));
      form.scrollIntoView({ block: "start" });
    } else if (answer.status === 422 && answer.body) {
      tableSays(problems(answer.body.errors));
    } else if (answer.status === 0) {
      tableSays(_("No connection: try again when it returns."));
    } else {
      answerProblem(answer);
    }
  }

  function endCorrection() {
    correcting = null;
    resetForm();
    if (table) show();
  }

  /** The rules judge a correction when it is sent: the preview checks next hands only. */
  function previewCorrection() {
    say(fill(_("Tap Correct hand {number}: the rules check it in its place."), { number: correcting }), "");
    verdictOk = true;
    updateSend();
  }

  async function sendCorrection(hand) {
    const n = correcting;
    sending = true;
    updateSend();
    const body = { id: newId(), version: table.version, hand };
    const answer = await request("POST", `${api}/hands/${n}`, body);
    sending = false;
    if (answer.status === 200) {
      correcting = null;
      resetForm();
      tableSays(fill(_("Hand {number} corrected."), { number: n }));
      await load();
    } else if (answer.status === 409) {
      tableSays(_("The sheet had changed meanwhile; it is reloaded. Look, then try again."));
      await load();
    } else if (answer.status === 422 && answer.body) {
      say(fill(_("Not stored: {problems}"), { problems: problems(answer.body.errors) }), "refused");
    } else if (answer.status === 0) {
      say(_("No connection: try again when it returns."), "warning");
    } else {
      answerProblem(answer);
    }
    updateSend();
  }

  function resetReopen() {
    clearTimeout(reopenTimer);
    const button = $("reopen");
    delete button.dataset.confirm;
    button.textContent = _("Reopen game");
  }

  $("reopen").addEventListener("click", async () => {
    const button = $("reopen");
    if (!button.dataset.confirm) {
      button.dataset.confirm = "yes";
      button.textContent = _("Tap again to reopen the game for corrections");
      clearTimeout(reopenTimer);
      reopenTimer = setTimeout(resetReopen, CONFIRM_MS);
      return;
    }
    resetReopen();
    await change("reopen", () => _("The game is reopened: tap a hand to correct it."));
  });

  $("sheet-body").addEventListener("click", (event) => {
    const row = event.target.closest("tr.correctable");
    if (row) startCorrection(Number(row.querySelector("th").textContent));
  });
  $("sheet-body").addEventListener("keydown", (event) => {
    const row = event.target.closest("tr.correctable");
    if (row && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      startCorrection(Number(row.querySelector("th").textContent));
    }
  });
  $("cancel-correction").addEventListener("click", () => {
    endCorrection();
    tableSays("");
  });

  // ------------------------------------------------------------------ loading
  function answerProblem(answer) {
    if (answer.status === 404) {
      closed = true;
      if (unfollow) unfollow();
      say(_("This table’s link no longer works: the night is closed, or the link is wrong."), "refused");
      showConnection();
    } else if (answer.status === 429) {
      say(_("Too many requests at once: wait a moment."), "warning");
    } else {
      const error = answer.body && answer.body.error;
      say(error ? String(error) : fill(_("The service answered {status}."), { status: answer.status }), "refused");
    }
    updateSend();
  }

  async function load() {
    const answer = await request("GET", api);
    if (answer.status === 200 && answer.body) {
      online(true);
      if (!news(answer.body.version)) return;
      table = answer.body;
      show();
    } else if (answer.status === 0) {
      online(false);
    } else {
      answerProblem(answer);
    }
  }

  /** A seat's name (``next`` gives it in English, as the movement keeps it). */
  function seatWord(seat) {
    return { North: _("North"), South: _("South"), East: _("East"), West: _("West") }[seat] || seat;
  }

  /** A tournament's round (``table.tournament``; null on a league night): its name over
   * the sheet, and once the round's game has its W, where each of the table's four
   * players sits next round. */
  function showRound() {
    const round = table.tournament || null;
    const game = currentGame();
    $("round-name").hidden = !round;
    const over = Boolean(round && game && game.finished);
    $("round-over").hidden = !over;
    if (!round) return;
    $("round-name").textContent = fill(_("{tournament} · round {round} of {rounds}"), {
      tournament: round.name,
      round: figure(round.round),
      rounds: figure(round.rounds),
    });
    if (!over) return;
    $("round-over-title").textContent = fill(_("Round {round} is over."), { round: figure(round.round) });
    const seats = $("next-seats");
    clear(seats);
    for (const place of round.next || []) {
      const item = el("li");
      // The name isolated inside its line: the line keeps the page's side, the name its order.
      const who = el("strong");
      who.append(el("bdi", place.player));
      const where = place.bye
        ? fill(_("Round {round}: sitting out"), { round: figure(place.round) })
        : fill(_("Round {round}: table {table}, seat {seat}, partner {partner}, against {first} and {second}"), {
          round: figure(place.round),
          table: figure(place.table),
          seat: seatWord(place.seat),
          partner: place.partner,
          first: place.against[0],
          second: place.against[1],
        });
      item.append(who, el("span", where, "where"));
      seats.append(item);
    }
    $("last-round").hidden = Boolean(round.next);
  }

  function show() {
    const names = sides();
    $("title").textContent = fill(_("Table {number}"), { number: figure(table.table) });
    document.title = fill(_("Table {number} · {match}"), { number: figure(table.table), match: versus(names) });
    $("match-line").textContent = versus(names);
    buildForm();
    showSheet();
    showRound();
    showWaiting();
    const played = table.games ? table.games.length : 0;
    const perMatch = table.games_per_match || 1;
    const next = $("next-game");
    next.hidden = underWay() || played >= perMatch;
    next.textContent = played === 0 ? _("Start the game")
      : fill(_("Start game {number}"), { number: played + 1 });
    const game = currentGame();
    $("entry").hidden = !underWay();
    $("undo").hidden = !(game && game.hands.length);
    // A game of so many hands (a tournament's round) says how many: the last one is known.
    const limit = (table.rules && table.rules.options && table.rules.options.hands_per_game) || 0;
    const coming = game ? game.hands.length + waiting().length + 1 : 0;
    $("entry-title").textContent = !game ? ""
      : limit ? fill(_("Hand {number} of {hands}"), { number: figure(coming), hands: figure(limit) })
        : fill(_("Hand {number}"), { number: figure(coming) });
    showCorrection();
    // The sheet moved on: the hand on the form is checked again against it.
    formKey = "";
    formChanged();
  }

  /** Whether the service answers. Never "yes" while the browser says it is offline: an
   * answer to a request made just before the connection went can arrive after the
   * browser's "offline" event, and must not make the page say "Connected" on a phone
   * that has no connection (the browser refuses every request until "online"). */
  function online(state) {
    connected = state && navigator.onLine;
    showConnection();
  }

  function showConnection() {
    const line = $("connection");
    const count = waiting().length;
    let words;
    if (closed) words = _("Closed");
    else if (!connected) {
      words = count ? fill(ngettext("No connection · {count} waiting", "No connection · {count} waiting", count), { count })
        : _("No connection");
    } else {
      words = count ? fill(ngettext("Connected · sending {count}", "Connected · sending {count}", count), { count })
        : _("Connected");
    }
    line.textContent = words;
    line.className = `connection ${closed || !connected ? "down" : "up"}`;
  }

  // ------------------------------------------------------------------ wiring
  document.addEventListener("click", expireOnAction, true);
  document.addEventListener("keydown", expireOnAction, true);
  keepRowsBelowHead();
  keepClearOfSendBar();
  $("keypad").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-key]");
    if (button && !$("tricks-set").disabled) press(button.dataset.key);
  });
  form.addEventListener("change", (event) => {
    if (event.target.name === "makers" && letters(sides()).includes(event.target.value)) {
      chooseTricks(event.target.value);
    }
    formChanged();
  });
  $("clear").addEventListener("click", resetForm);
  window.addEventListener("online", () => sendWaiting());
  window.addEventListener("offline", () => online(false));

  load();
  unfollow = Night.follow(
    ["table"],
    async () => {
      await load();
      sendWaiting();
    },
    (up) => online(up),
  );
})();
