/* Rulebook's page script: the "copy link" buttons, the Pagefind search page, the service worker and
   "keep offline" and, on a calculator page only, the calculator (no other page loads any of its runtime).
   No framework; the page works without it (the button stays hidden, search says it needs JS). */
(function () {
  "use strict";
  var script = document.currentScript;

  function copyLink(button, url, copied) {
    url = url || location.origin + location.pathname;
    var done = function () { button.textContent = copied || button.getAttribute("data-rb-copied"); };
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
    var reserved = { glossary: 1, sources: 1, examples: 1, calculators: 1, search: 1, translation: 1, changes: 1, _previews: 1 };
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

  /* Offline use (web/sw.js, rulebook/site/offline.py): every page registers the site's service
     worker (one scope, the site's root; the calculator pages' script waits for the same registration,
     window.rulebookServiceWorker). "Keep offline" buttons hand the worker their manifest; a page the
     worker answered from a kept copy says when it was saved, and that a newer one exists once the
     network is back; the "not kept offline" page names the page asked for. */
  function askWorker(message, onProgress) {
    return navigator.serviceWorker.ready.then(function (registration) {
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) {
          if (event.data && event.data.done) resolve(event.data);
          else if (onProgress) onProgress(event.data);
        };
        registration.active.postMessage(message, [channel.port2]);
      });
    });
  }
  var lang = document.documentElement.lang || "en";
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) { return name in values ? values[name] : all; });
  }
  function megabytes(bytes) {
    return new Intl.NumberFormat(lang, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 1e6);
  }
  function when(iso) {
    return new Date(iso).toLocaleString(lang, { dateStyle: "long", timeStyle: "short" });
  }

  function keepControl(button) {
    var section = button.closest(".rb-keep");
    var words = JSON.parse(button.getAttribute("data-rb-words"));
    var manifest = new URL(button.getAttribute("data-rb-manifest"), location.href).href;
    var remove = section.querySelector("[data-rb-keep-remove]");
    var status = section.querySelector(".rb-keep-status");
    var label = button.textContent;
    var bar = document.createElement("progress");
    bar.className = "rb-keep-progress";
    bar.max = 1;
    bar.value = 0;
    bar.hidden = true;
    bar.setAttribute("aria-label", label);
    status.parentNode.insertBefore(bar, status);
    function show(state, text) {
      section.setAttribute("data-state", state);
      status.textContent = text;
      var kept = state === "kept" || state === "newer";
      button.hidden = state === "kept";
      button.disabled = state === "keeping";
      button.textContent = state === "newer" ? words.update : label;
      remove.hidden = !kept;
      bar.hidden = state !== "keeping";
    }
    function offerSize() {
      fetch(manifest, { cache: "no-cache" })
        .then(function (response) { return response.json(); })
        .then(function (list) {
          var total = list.files.reduce(function (sum, file) { return sum + file.size; }, 0);
          show("ready", fill(words.size, { size: megabytes(total) }));
        })
        .catch(function () { show("ready", ""); });
    }
    function refresh() {
      return askWorker({ offlineStatus: manifest }).then(function (answer) {
        if (!answer.kept) return offerSize();
        var text = fill(words.kept, { date: when(answer.saved), size: megabytes(answer.total) });
        if (answer.newer) show("newer", fill(words.newer, { date: when(answer.saved) }));
        else show("kept", text);
      });
    }
    button.addEventListener("click", function () {
      show("keeping", "");
      askWorker({ keepOffline: manifest }, function (step) {
        bar.value = step.total ? step.progress / step.total : 0;
        status.textContent = fill(words.progress, { done: megabytes(step.progress), total: megabytes(step.total) });
      }).then(function (answer) {
        if (answer.error || answer.failed) show("failed", words.failed);
        else show("kept", fill(words.kept, { date: when(answer.saved), size: megabytes(answer.total) }));
      });
    });
    remove.addEventListener("click", function () {
      askWorker({ removeOffline: manifest }).then(function () {
        show("removed", words.removed);
        button.hidden = false;
      });
    });
    section.hidden = false;
    refresh();
  }

  function keptCopyNote() {
    var meta = document.querySelector('meta[name="rb-offline-words"]');
    if (!meta || !navigator.serviceWorker.controller) return;
    var words = JSON.parse(meta.getAttribute("content"));
    askWorker({ served: location.href }).then(function (answer) {
      if (!answer.offline) return;
      var note = document.createElement("p");
      note.className = "rb-kept-copy";
      note.setAttribute("role", "status");
      var saved = answer.saved ? when(answer.saved) : "";
      note.textContent = fill(words.saved, { date: saved });
      document.body.appendChild(note);
      var check = function () {
        askWorker({ check: location.href }).then(function (result) {
          if (!result.newer) return;
          note.textContent = fill(words.newer, { date: saved }) + " ";
          var reload = document.createElement("button");
          reload.type = "button";
          reload.className = "md-button";
          reload.textContent = words.reload;
          reload.addEventListener("click", function () { location.reload(); });
          note.appendChild(reload);
          clearInterval(timer);
        });
      };
      var timer = setInterval(check, 60000);
      window.addEventListener("online", check);
    });
  }

  function offline(siteRoot) {
    var address = document.querySelector("[data-rb-not-kept]");
    var asked = new URLSearchParams(location.search).get("from");
    if (address && asked) {
      var code = document.createElement("code");
      code.textContent = asked;
      address.appendChild(code);
      address.hidden = false;
    }
    if (!("serviceWorker" in navigator)) {
      window.rulebookServiceWorker = Promise.resolve(false);
      return;
    }
    window.rulebookServiceWorker = navigator.serviceWorker.register(new URL("sw.js", siteRoot).href).then(
      function () { return true; },
      function (error) {
        console.warn("service worker not registered; nothing is kept for offline use", error);
        return false;
      }
    );
    window.rulebookServiceWorker.then(function (registered) {
      if (!registered) return;
      var controls = document.querySelectorAll("[data-rb-keep-offline]");
      controls.forEach(keepControl);
      keptCopyNote();
      /* A kept game is brought up to date by any page opened online; the keep controls say so themselves. */
      if (!controls.length && navigator.serviceWorker.controller) askWorker({ updateKept: true });
    });
  }

  document.querySelectorAll("[data-rb-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { copyLink(button); });
  });

  /* Paragraph anchors: the build gives every unit of an entry's text an id
     (<slug>-p<N>, rulebook/site/anchors.py); here each gets a visible link to itself, its "¶". Following
     it also opens the paragraph's menu beside it: copy the paragraph's link and, where the build was
     told where translations are improved (rulebook/site/improve.py), "Improve this translation", whose
     address is the page's data-rb-improve with the entry's id (data-rb-prefix, a dot, the slug of the
     text's data-rb-anchors) and the paragraph's number N (its catalog unit body#N) filled in. */
  function paragraphMenu(page, unit, link, number) {
    var open = document.getElementById("rb-para-menu");
    var wasHere = open && open.previousElementSibling === link;
    if (open) {
      open.previousElementSibling.setAttribute("aria-expanded", "false");
      open.remove();
    }
    if (wasHere) return;
    var menu = document.createElement("span");
    menu.className = "rb-para-menu";
    menu.id = "rb-para-menu";
    var copy = document.createElement("button");
    copy.type = "button";
    copy.className = "md-button rb-para-copy";
    copy.textContent = page.getAttribute("data-rb-copy-label");
    copy.addEventListener("click", function () {
      copyLink(copy, location.origin + location.pathname + "#" + unit.id, page.getAttribute("data-rb-copied"));
    });
    menu.appendChild(copy);
    var improve = page.getAttribute("data-rb-improve");
    var text = unit.closest("[data-rb-anchors]");
    if (improve && text) {
      var entry = page.getAttribute("data-rb-prefix") + "." + text.getAttribute("data-rb-anchors");
      var edit = document.createElement("a");
      edit.className = "md-button rb-para-improve";
      edit.href = improve.split("{entry}").join(entry).split("{unit}").join(number);
      edit.rel = "noopener";
      edit.textContent = page.getAttribute("data-rb-improve-label");
      menu.appendChild(edit);
    }
    link.after(menu);
    link.setAttribute("aria-expanded", "true");
    link.setAttribute("aria-controls", menu.id);
  }
  var page = document.querySelector("[data-rb-paragraph-link]");
  if (page) {
    var label = page.getAttribute("data-rb-paragraph-link");
    page.querySelectorAll("[data-rb-anchors] [id]").forEach(function (unit) {
      var found = /-p(\d+)$/.exec(unit.id);
      if (!found) return;
      var link = document.createElement("a");
      link.className = "rb-para";
      link.href = "#" + unit.id;
      link.setAttribute("aria-label", label);
      link.setAttribute("aria-expanded", "false");
      link.title = label;
      link.textContent = "¶";
      link.addEventListener("click", function () { paragraphMenu(page, unit, link, found[1]); });
      var holder = unit.tagName === "TR" ? unit.lastElementChild : unit;
      if (holder) holder.appendChild(link);
    });
    document.addEventListener("keydown", function (event) {
      var open = document.getElementById("rb-para-menu");
      if (event.key !== "Escape" || !open) return;
      var owner = open.previousElementSibling;
      owner.setAttribute("aria-expanded", "false");
      open.remove();
      owner.focus();
    });
  }

  /* A link to a change in an entry's History (#history-<commit>, from the "What changed" page or the
     feed) opens the closed History, and the change's own details, to show it. */
  function hashId() {
    /* A fragment is any text (a calculator's share link, or one altered by hand): one that does not decode
       is an id of no element, never an error that stops this script. */
    try {
      return decodeURIComponent(location.hash.slice(1));
    } catch (error) {
      return location.hash.slice(1);
    }
  }
  function revealTarget() {
    var target = location.hash.length > 1 ? document.getElementById(hashId()) : null;
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") node.open = true;
    }
    if (target && target.id.indexOf("history") === 0) target.scrollIntoView();
  }
  revealTarget();
  window.addEventListener("hashchange", revealTarget);

  if (!script) return;
  var tree = new URL("../", script.src);
  if (page) previews(page, tree);
  /* This file lives at <site>/<lang>/assets/rulebook.js; Pagefind's bundle at <site>/pagefind/,
     the calculator's runtime at <site>/_runtime/, the service worker at <site>/sw.js. */
  var siteRoot = new URL("../../", script.src);
  offline(siteRoot);
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
