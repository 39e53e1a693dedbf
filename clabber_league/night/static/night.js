/*
 * League night: what the phone page and the board share.
 *
 * Every value from the server reaches the page through textContent (never as
 * HTML), every request goes to the page's own origin (the service's CSP is
 * default-src 'self'), and changes arrive by Server-Sent Events, so neither
 * page polls.
 */
"use strict";

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
