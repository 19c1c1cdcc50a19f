// The language switches (the header's language selector, which mkdocs-static-i18n points at the same page in
// the other language, and a rulebook page's own .lang-switch link) land on the same section: their links carry
// the section being read (the URL's #fragment, else the last heading scrolled past), since both languages'
// pages use the same section ids. Without JavaScript they open the page's top.
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
  function update() {
    var links = document.querySelectorAll(".lang-switch a, a.md-select__link[hreflang]");
    for (var i = 0; i < links.length; i++) {
      links[i].href = links[i].href.split("#")[0] + current();
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
