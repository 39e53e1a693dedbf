/*
 * League night: what the phone page and the board share.
 *
 * Every value from the server reaches the page through textContent (never as
 * HTML), every request goes to the page's own origin (the service's CSP is
 * default-src 'self'), and changes arrive by Server-Sent Events, so neither
 * page polls.
 *
 * Words: every text is marked `_("…")` or `ngettext("…", "…", n)` here and in the
 * pages' scripts, and `data-i18n` (or `aria-label`, `title`) in their HTML, so that
 * `make catalogues` gathers it; the service's /i18n/<lang>.js (NightWords) holds
 * their translations in the language the service speaks. `{name}` placeholders are
 * filled with `fill`, each value isolated in a right-to-left page.
 */
"use strict";

/** A message in the page's language (the marked English text where it has none). */
function _(message) {
  const words = NightWords.words[message];
  return typeof words === "string" && words ? words : message;
}

/** The form of a counted message for `count`, by the language's plural rules. */
function ngettext(singular, plural, count) {
  const forms = NightWords.words[singular];
  const category = new Intl.PluralRules(NightWords.lang).select(count);
  const form = Array.isArray(forms) ? forms[NightWords.categories.indexOf(category)] : "";
  return form || (count === 1 ? singular : plural);
}

/** `template` with each {name} replaced by its value, set apart in a right-to-left page. */
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? isolate(values[name]) : whole));
}

/** `text` set apart in a right-to-left page (a Latin name in Persian keeps its order). */
function isolate(text) {
  return NightWords.dir === "rtl" ? `\u2068${text}\u2069` : String(text);
}

/** Parts listed as the page's language lists them ("a, b, c"; "a، b، c"): the narrow
 * list of the language, which has commas in Russian and Korean too (its "unit" lists
 * there are spaces only, and "Jack Rabbits 100 Ohio Valley 62" runs two scores into one). */
function list(parts) {
  return new Intl.ListFormat(NightWords.lang, { style: "narrow", type: "conjunction" }).format(parts);
}

/** The sides of a match: "Eagles v Owls". */
function versus(names) {
  return names.map(isolate).join(_(" v "));
}

/** The HTML's marked words (`data-i18n`, `aria-label`, `title`) in the page's language. */
function translatePage() {
  const collapse = (text) => text.split(/\s+/).filter(Boolean).join(" ");
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.textContent = _(collapse(node.textContent));
  }
  for (const name of ["aria-label", "title"]) {
    for (const node of document.querySelectorAll(`[${name}]`)) {
      node.setAttribute(name, _(collapse(node.getAttribute(name))));
    }
  }
}

translatePage();

const Night = (() => {
  /** The token is the page address's second part: /t/TOKEN or /board/TOKEN. */
  const token = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  const LETTERS = "ABCDEF";
  const REQUEST_TIMEOUT_MS = 8000;

  /** A new element holding `text` as plain text. */
  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  /** The side letters of a sheet's sides, in order: A, B (C …). */
  function letters(sides) {
    return Array.from(sides, (_name, index) => LETTERS[index]);
  }

  /** A side's figure from a per-side value: {"A": 92} or [92, 70]. */
  function bySide(values, letter, index) {
    if (values === null || values === undefined) return undefined;
    if (Array.isArray(values)) return values[index];
    return values[letter];
  }

  /**
   * One request to the service. Resolves to {status, body}; a network failure or
   * a request that takes too long resolves to {status: 0} (no connection).
   */
  async function request(method, path, body) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    const options = {
      method,
      signal: controller.signal,
      cache: "no-store",
      credentials: "omit",
      headers: { Accept: "application/json" },
    };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    try {
      const answer = await fetch(path, options);
      let parsed = null;
      try {
        parsed = await answer.json();
      } catch (_error) {
        parsed = null;
      }
      return { status: answer.status, body: parsed };
    } catch (_error) {
      return { status: 0, body: null };
    } finally {
      clearTimeout(timer);
    }
  }

  /** A client-made unique id (128 random bits): the idempotency key of one request. */
  function newId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  /**
   * Follows /api/events/TOKEN: `changed()` on every event of the named kinds and
   * whenever the stream (re)opens, `state(true|false)` as it comes and goes.
   * The browser reconnects by itself; a stream the server ended is retried after
   * a pause, so a restarted service is picked up again. Returns a function that
   * stops following.
   */
  function follow(kinds, changed, state) {
    let source = null;
    let retry = null;
    let stopped = false;
    const open = () => {
      retry = null;
      if (stopped) return;
      source = new EventSource(`/api/events/${encodeURIComponent(token)}`);
      source.addEventListener("open", () => {
        state(true);
        changed();
      });
      for (const kind of kinds) source.addEventListener(kind, () => changed());
      source.addEventListener("error", () => {
        state(false);
        if (source.readyState === EventSource.CLOSED && retry === null) {
          // The server refused the stream (a closed night answers 404): read the page's
          // data again, which says why, and try the stream again after a pause.
          changed();
          retry = setTimeout(open, 5000);
        }
      });
    };
    open();
    /** Stop following (a closed night: its stream will not come back). */
    return () => {
      stopped = true;
      clearTimeout(retry);
      if (source) source.close();
    };
  }

  /** Who a seat is: the player's name where one was given, else the seat code. */
  function seatName(seat, players) {
    if (!seat) return "";
    const name = players && players[seat];
    return name ? `${name} (${seat})` : seat;
  }

  return { token, el, clear, letters, bySide, request, newId, follow, seatName };
})();
