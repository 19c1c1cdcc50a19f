// The language switches land on the same section of the same page in the other language: a rulebook page's own
// .lang-switch link (its twin page, written by the generator) and the header's language selector (mkdocs-material's
// a.md-select__link[hreflang], which points at the language roots: here it gets the twin of the page being read;
// the site has one tree per language, 中文 at the root and English under en/, with the same paths). Both carry
// the section being read (the URL's #fragment, else the last heading scrolled past): both languages' pages use
// the same section ids. Without JavaScript the page's own link opens the twin's top, the selector the other root.
(function () {
  function current() {
    var hash = window.location.hash;
    var heads = document.querySelectorAll(".md-content h2[id], .md-content h3[id]");
    var seen = "";
    for (var i = 0; i < heads.length; i++) {
      if (heads[i].getBoundingClientRect().top <= 80) seen = "#" + heads[i].id;
    }
    return seen || hash;
  }
  function twin(lang) {
    var config = document.getElementById("__config");
    var base = new URL(config ? JSON.parse(config.textContent).base || "." : ".", window.location.href).href;
    if (base.slice(-1) !== "/") base += "/";
    var path = window.location.href.split("#")[0].split("?")[0].slice(base.length).replace(/^en\//, "");
    return base + (lang === "zh" ? "" : lang + "/") + path;
  }
  function update() {
    var links = document.querySelectorAll(".lang-switch a");
    for (var i = 0; i < links.length; i++) {
      links[i].href = links[i].href.split("#")[0] + current();
    }
    var selector = document.querySelectorAll("a.md-select__link[hreflang]");
    for (var j = 0; j < selector.length; j++) {
      selector[j].href = twin(selector[j].getAttribute("hreflang")) + current();
    }
  }
  var pending = false;
  window.addEventListener("scroll", function () {
    if (pending) return;
    pending = true;
    window.setTimeout(function () { pending = false; update(); }, 150);
  });
  window.addEventListener("hashchange", update);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", update);
  else update();
})();
