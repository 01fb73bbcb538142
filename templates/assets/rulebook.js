/* Rulebook's page script: the "copy link" buttons, the Pagefind search page and, on a
   calculator page only, the calculator (no other page loads any of its runtime).
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

  /* Link previews: a link to an entry, in an entry's text or notes, shows the target's
     title and first paragraph from the tree's _previews/<game>.json (rulebook/site/previews.py),
     fetched once on the first preview: on hover or keyboard focus, and on a touch screen on the
     first tap (the second tap, or the preview's title, follows the link). */
  function previews(page, tree) {
    var files = {};
    var box = null;
    var shownFor = null;
    var timer = null;
    var reserved = { glossary: 1, sources: 1, examples: 1, calculators: 1, search: 1, translation: 1, _previews: 1 };
    var game = page.getAttribute("data-rb-game");
    var source = page.getAttribute("data-rb-source");

    function target(link) {
      var url = new URL(link.href, location.href);
      if (url.origin !== tree.origin || url.pathname.indexOf(tree.pathname) !== 0) return null;
      var parts = url.pathname.slice(tree.pathname.length).split("/").filter(Boolean);
      if (parts.length === 2 && !reserved[parts[0]]) return { game: parts[0], slug: parts[1] };
      if (parts.length === 3 && parts[0] === "sources" && parts[1] === source && url.hash.length > 1) {
        return { game: game, slug: decodeURIComponent(url.hash.slice(1)) };
      }
      return null;
    }
    function load(name) {
      if (!files[name]) {
        files[name] = fetch(new URL("_previews/" + encodeURIComponent(name) + ".json", tree).href)
          .then(function (response) { return response.ok ? response.json() : {}; })
          .catch(function () { return {}; });
      }
      return files[name];
    }
    function hide() {
      if (box) box.hidden = true;
      shownFor = null;
    }
    function show(link) {
      var where = target(link);
      if (!where) return;
      load(where.game).then(function (entries) {
        var found = entries[where.slug];
        if (!found) return;
        if (!box) {
          box = document.createElement("div");
          box.className = "rb-preview md-typeset";
          box.setAttribute("role", "tooltip");
          box.id = "rb-preview";
          box.addEventListener("mouseenter", function () { clearTimeout(timer); });
          box.addEventListener("mouseleave", function () { timer = setTimeout(hide, 200); });
          document.body.appendChild(box);
        }
        box.textContent = "";
        var title = document.createElement("a");
        title.className = "rb-preview-title";
        title.href = link.href;
        title.textContent = found[0];
        box.appendChild(title);
        if (found[1]) {
          var text = document.createElement("p");
          text.textContent = found[1];
          box.appendChild(text);
        }
        var place = link.getBoundingClientRect();
        box.hidden = false;
        var width = Math.min(360, document.documentElement.clientWidth - 16);
        box.style.width = width + "px";
        box.style.left = Math.max(8, Math.min(place.left + scrollX, scrollX + document.documentElement.clientWidth - width - 8)) + "px";
        box.style.top = (place.bottom + scrollY + 6) + "px";
        link.setAttribute("aria-describedby", "rb-preview");
        shownFor = link;
      });
    }
    var links = page.querySelectorAll(".rb-text a[href], .rb-notes a[href]");
    links.forEach(function (link) {
      if (link.classList.contains("rb-para") || !target(link)) return;
      link.classList.add("rb-previewed");
      link.addEventListener("mouseenter", function () {
        clearTimeout(timer);
        timer = setTimeout(function () { show(link); }, 250);
      });
      link.addEventListener("mouseleave", function () { clearTimeout(timer); timer = setTimeout(hide, 300); });
      link.addEventListener("focus", function () { show(link); });
      link.addEventListener("blur", function () { timer = setTimeout(hide, 300); });
      link.addEventListener("pointerup", function (event) { link.rbTouch = event.pointerType === "touch"; });
      link.addEventListener("click", function (event) {
        if (link.rbTouch && shownFor !== link) {
          event.preventDefault();
          show(link);
        }
      });
    });
    document.addEventListener("keydown", function (event) { if (event.key === "Escape") hide(); });
    document.addEventListener("click", function (event) {
      if (box && !box.hidden && !box.contains(event.target) && event.target !== shownFor) hide();
    });
  }

  document.querySelectorAll("[data-rb-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { copyLink(button); });
  });

  /* Paragraph anchors: the build gives every unit of an entry's text an id
     (<slug>-p<N>, rulebook/site/anchors.py); here each gets a visible link to itself. */
  var page = document.querySelector("[data-rb-paragraph-link]");
  if (page) {
    var label = page.getAttribute("data-rb-paragraph-link");
    page.querySelectorAll("[data-rb-anchors] [id]").forEach(function (unit) {
      if (!/-p\d+$/.test(unit.id)) return;
      var link = document.createElement("a");
      link.className = "rb-para";
      link.href = "#" + unit.id;
      link.setAttribute("aria-label", label);
      link.title = label;
      link.textContent = "¶";
      var holder = unit.tagName === "TR" ? unit.lastElementChild : unit;
      if (holder) holder.appendChild(link);
    });
  }

  if (!script) return;
  var tree = new URL("../", script.src);
  if (page) previews(page, tree);
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
      resetStyles: false,
      /* Nothing but the search UI is fetched before the first keystroke: the filters come with the results. */
      showEmptyFilters: false,
      /* Short pages (glossary terms) would outrank the rule that uses the word: less page-length bias than
         Pagefind's 0.75, and the term pages carry a low data-pagefind-weight (templates/term.md.j2), so a rule
         comes first for its own key word while a chapter's short heading page still ranks for it. */
      ranking: { pageLength: 0.5 },
      /* A page's first section repeats its title: show a page once, with only its other sections. */
      processResult: function (result) {
        var title = ((result.meta && result.meta.title) || "").trim();
        result.sub_results = (result.sub_results || []).filter(function (sub) {
          return (sub.title || "").trim() !== title && sub.url !== result.url;
        });
        return result;
      }
    });
    var query = new URLSearchParams(location.search).get("q");
    if (query) ui.triggerSearch(query);
  };
  document.head.appendChild(loader);
})();
