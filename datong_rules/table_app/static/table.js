// The table's front end: pick cards (buttons, keyboard too), ask the server what they make, send actions, show the
// answer. The server renders every part; this script only swaps the HTML it returns. Every move carries the version
// of the table the page shows (the server refuses an older one: a second click, another tab), and the page's
// buttons are disabled while a move is on its way.
(function () {
  "use strict";
  const main = document.getElementById("table");
  if (!main) return;
  const base = "/t/" + main.dataset.tid;

  // The selected cards in notation order (data-n), whatever order the hand is shown in (the game's own).
  function selected() {
    return [...main.querySelectorAll(".card-btn[aria-pressed='true']")]
      .sort((a, b) => Number(a.dataset.n) - Number(b.dataset.n)).map(b => b.dataset.card);
  }

  function version() {
    const holder = main.querySelector("[data-version]");
    return holder ? Number(holder.dataset.version) : null;
  }

  let pending = 0;
  let moving = false;

  function busy(on) {
    pending += on ? 1 : -1;
    if (pending > 0) main.setAttribute("aria-busy", "true"); else main.removeAttribute("aria-busy");
  }

  function lock(on) {
    moving = on;
    main.querySelectorAll("button").forEach(b => { b.disabled = on; });
  }

  async function post(path, body) {
    busy(true);
    try {
      const response = await fetch(base + path, {
        method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body || {}),
      });
      const type = response.headers.get("content-type") || "";
      if (response.status === 404) return {ok: false, error: main.dataset.expired};  // in the page's language
      if (response.status === 410) {  // the host revoked this seat's invitation (said in the page's language)
        const said = (await response.text()).trim().replace(/^error: /, "");
        gone(said);
        return {ok: false, error: said};
      }
      if (!type.includes("application/json")) {
        return {ok: false, error: (await response.text()).trim().replace(/^error: /, "")};
      }
      return await response.json();
    } catch (err) {
      return {ok: false, error: main.dataset.network || String(err)};
    }
  }

  function setMain(html, focusFirst) {
    main.innerHTML = html;
    if (focusFirst) {
      const target = main.querySelector("#decline, .card-action, .do, #next") || main.querySelector(".card-btn");
      if (target) target.focus();
    }
  }

  // The seat is no longer this page's (the host revoked the invitation): say so in place of the table, and stop.
  let source = null;
  function gone(text) {
    if (source) source.close();
    const said = document.createElement("p");
    said.id = "gone";
    said.className = "gone";
    said.setAttribute("role", "alert");
    said.textContent = text;
    main.replaceChildren(said);
    const friends = document.getElementById("friends");
    if (friends) friends.remove();
  }

  function showError(text) {
    const box = main.querySelector("#refusal") || main.querySelector("#status");
    if (box) box.textContent = text;
  }

  async function describe() {
    const answer = await post("/select", {cards: selected()});
    const box = main.querySelector("#selection");
    if (box && answer.html !== undefined) box.innerHTML = answer.html;
    else if (answer.error) showError(answer.error);
    busy(false);
  }

  async function move(path, body) {
    if (moving) return;  // one move at a time: a second click waits for nothing
    lock(true);
    body.version = version();
    let answer;
    try {
      answer = await post(path, body);
      show(answer);
    } finally {
      busy(false);
      if (moving) lock(false);
    }
  }

  function show(answer) {
    if (answer.error) {
      if (answer.html !== undefined) { moving = false; setMain(answer.html, true); }
      showError(answer.error);
      return;
    }
    moving = false;
    if (answer.ok) { setMain(answer.html, true); return; }
    const keep = selected();
    const chosen = main.querySelector("#selection");
    const said = chosen ? chosen.innerHTML : "";
    setMain(answer.html, false);
    for (const card of keep) {
      const button = main.querySelector(".card-btn[data-card='" + card + "'][aria-pressed='false']");
      if (button) button.setAttribute("aria-pressed", "true");
    }
    const box = main.querySelector("#selection");
    if (box) {  // the selection as it was, without its own refusal: the action's refusal below says it once
      box.innerHTML = said;
      box.querySelectorAll(".refusal").forEach(r => r.remove());
    }
    const refusal = main.querySelector("#refusal");
    if (refusal) refusal.innerHTML = answer.refusal_html;
  }

  // The others' moves: the server says the table's version whenever it changes; a page showing another one asks
  // for its main part again (unless a move of its own is on its way: its answer brings the new table).
  async function refresh() {
    if (moving || pending > 0) return;
    busy(true);
    try {
      const response = await fetch(base + "/main");
      if (response.status === 410) gone((await response.text()).trim().replace(/^error: /, ""));
      else if (response.ok && !moving) setMain(await response.text(), false);
    } finally {
      busy(false);
    }
  }

  if (window.EventSource) {
    source = new EventSource(base + "/events");
    source.onmessage = function (event) {
      if (Number(event.data) !== version()) refresh();
    };
    source.addEventListener("gone", function (event) { gone(event.data); });
  }

  // The host's invitations: a link per seat, made or revoked, then the page again.
  const friends = document.getElementById("friends");
  if (friends) {
    // the links start with the address friends reach the table at (the server's, when it is served to a network
    // on every address), else the one this page was opened at
    const linkBase = friends.dataset.base || location.origin;
    friends.querySelectorAll(".invite-link").forEach(i => { i.value = linkBase + i.dataset.path; });
    friends.addEventListener("click", async function (event) {
      const button = event.target.closest("button.invite, button.revoke");
      if (!button) return;
      button.disabled = true;
      const answer = await post(button.classList.contains("invite") ? "/invite" : "/revoke",
                                {seat: Number(button.dataset.seat)});
      busy(false);
      if (answer.error) { button.disabled = false; showError(answer.error); return; }
      location.reload();
    });
    friends.addEventListener("focusin", function (event) {
      if (event.target.classList.contains("invite-link")) event.target.select();
    });
  }

  main.addEventListener("click", function (event) {
    const button = event.target.closest("button");
    if (!button || !main.contains(button) || button.disabled) return;
    const seat = Number(main.dataset.seat);
    if (button.classList.contains("card-btn")) {
      button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
      describe();
    } else if (button.classList.contains("card-action")) {
      const readings = main.querySelectorAll("#selection .reading");
      if (button.dataset.kind === "play" && readings.length === 1) {  // the one way these cards may be played
        move("/act", {action: JSON.parse(readings[0].dataset.action)});
        return;
      }
      const action = {type: button.dataset.kind, seat: seat, cards: selected()};
      if (button.dataset.to !== undefined) action.to = Number(button.dataset.to);
      move("/act", {action: action});
    } else if (button.dataset.action) {
      move("/act", {action: JSON.parse(button.dataset.action)});
    } else if (button.id === "decline") {
      move("/decline", {});
    } else if (button.id === "next") {
      move("/next", {});
    } else if (button.id === "clear") {
      main.querySelectorAll(".card-btn[aria-pressed='true']").forEach(b => b.setAttribute("aria-pressed", "false"));
      describe();
    }
  });
})();
