/* Rulebook's page script: the "copy link" buttons, the Pagefind search page and, on a
   calculator page only, the calculator (issue 9: no other page loads any of its runtime).
   No framework; the page works without it (the button stays hidden, search says it needs JS). */
(function () {
  "use strict";
  var script = document.currentScript;

  function copyLink(button) {
    var url = location.origin + location.pathname;
    var done = function () { button.textContent = button.getAttribute("data-rb-copied"); };
    var fallback = function () {
      var field = document.createElement("textarea");
      field.value = url;
      field.setAttribute("readonly", "");
      field.style.position = "fixed";
      field.style.opacity = "0";
      document.body.appendChild(field);
      field.select();
      try { document.execCommand("copy"); done(); } finally { field.remove(); }
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(done, fallback);
    } else {
      fallback();
    }
  }

  document.querySelectorAll("[data-rb-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { copyLink(button); });
  });

  if (!script) return;
  /* This file lives at <site>/<lang>/assets/rulebook.js; Pagefind's bundle at <site>/pagefind/,
     the calculator's runtime at <site>/_runtime/. */
  var siteRoot = new URL("../../", script.src);
  /* Only our calculator template writes a data-rb-calculator host: content cannot make data-* attributes. */
  if (document.querySelector("[data-rb-calculator]")) {
    import(new URL("_runtime/calculator.js", siteRoot).href);
  }

  var box = document.getElementById("rb-search");
  if (!box) return;
  var bundle = new URL("pagefind/", siteRoot);
  var css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = new URL("pagefind-ui.css", bundle).href;
  document.head.appendChild(css);
  var loader = document.createElement("script");
  loader.src = new URL("pagefind-ui.js", bundle).href;
  loader.onload = function () {
    var ui = new window.PagefindUI({
      element: "#rb-search",
      bundlePath: bundle.pathname,
      baseUrl: siteRoot.pathname,
      showSubResults: true,
      showImages: false,
      autofocus: true,
      resetStyles: false
    });
    var query = new URLSearchParams(location.search).get("q");
    if (query) ui.triggerSearch(query);
  };
  document.head.appendChild(loader);
})();
