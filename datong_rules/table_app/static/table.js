// The table's front end: pick cards (buttons, keyboard too), ask the server what they make, send actions, show the
// answer. The server renders every part; this script only swaps the HTML it returns.
(function () {
  "use strict";
  const main = document.getElementById("table");
  if (!main) return;
  const base = "/t/" + main.dataset.tid;

  function selected() {
    return [...main.querySelectorAll(".card-btn[aria-pressed='true']")].map(b => b.dataset.card);
  }

  let pending = 0;

  function busy(on) {
    pending += on ? 1 : -1;
    if (pending > 0) main.setAttribute("aria-busy", "true"); else main.removeAttribute("aria-busy");
  }

  async function post(path, body) {
    busy(true);
    try {
      const response = await fetch(base + path, {
        method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body || {}),
      });
      const type = response.headers.get("content-type") || "";
      if (!type.includes("application/json")) {
        return {ok: false, error: (await response.text()).trim()};
      }
      return await response.json();
    } catch (err) {
      return {ok: false, error: String(err)};
    }
  }

  function setMain(html, focusFirst) {
    main.innerHTML = html;
    if (focusFirst) {
      const target = main.querySelector("#decline, .card-action, .do, #next") || main.querySelector(".card-btn");
      if (target) target.focus();
    }
  }

  function showError(text) {
    const box = main.querySelector("#refusal");
    if (box) box.textContent = text;
  }

  async function describe() {
    const answer = await post("/select", {cards: selected()});
    const box = main.querySelector("#selection");
    if (box && answer.html !== undefined) box.innerHTML = answer.html;
    else if (answer.error) showError(answer.error);
    busy(false);
  }

  async function send(action) {
    const answer = await post("/act", {action: action});
    try { show(answer); } finally { busy(false); }
  }

  function show(answer) {
    if (answer.error) { showError(answer.error); return; }
    if (answer.ok) { setMain(answer.html, true); return; }
    const keep = selected();
    setMain(answer.html, false);
    for (const card of keep) {
      const button = main.querySelector(".card-btn[data-card='" + card + "'][aria-pressed='false']");
      if (button) button.setAttribute("aria-pressed", "true");
    }
    const box = main.querySelector("#refusal");
    if (box) box.innerHTML = answer.refusal_html;
    if (keep.length) describe();
  }

  async function simple(path) {
    const answer = await post(path, {});
    if (answer.error) showError(answer.error); else setMain(answer.html, true);
    busy(false);
  }

  main.addEventListener("click", function (event) {
    const button = event.target.closest("button");
    if (!button || !main.contains(button)) return;
    const seat = Number(main.dataset.seat);
    if (button.classList.contains("card-btn")) {
      button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
      describe();
    } else if (button.classList.contains("card-action")) {
      const action = {type: button.dataset.kind, seat: seat, cards: selected()};
      if (button.dataset.to !== undefined) action.to = Number(button.dataset.to);
      send(action);
    } else if (button.dataset.action) {
      send(JSON.parse(button.dataset.action));
    } else if (button.id === "decline") {
      simple("/decline");
    } else if (button.id === "next") {
      simple("/next");
    } else if (button.id === "clear") {
      main.querySelectorAll(".card-btn[aria-pressed='true']").forEach(b => b.setAttribute("aria-pressed", "false"));
      describe();
    }
  });
})();
