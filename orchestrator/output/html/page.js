/* The replay's step control: previous / next / play / a slider through the steps (an event, or a ballot), what
   comes later hidden while stepping; the position kept in the URL fragment (#e57: event 57 of the transcript, the
   same moment in every view of the game); the god view's toggle; the seat strip, set after every step from the
   changes each step carries (data-b: this view's, data-p: the public's on a god page; written by board.py from
   the view's observation; this script decides nothing about what a view sees). Text is set with textContent
   only. Without this script the page reads whole. */
(function () {
  "use strict";
  var body = document.body;
  var controls = document.getElementById("controls");
  var bar = document.getElementById("bar");
  var slider = document.getElementById("slider");
  var strip = document.getElementById("strip");
  var badges = Array.prototype.slice.call(strip.querySelectorAll(".badge"));
  var position = document.getElementById("position");
  var playButton = controls.querySelector("[data-go=play]");
  var god = document.getElementById("god-toggle");
  var steps = Array.prototype.slice.call(document.querySelectorAll(".step"));
  var phases = Array.prototype.slice.call(document.querySelectorAll(".phase"));
  var current = null;  // the current step element; null: the whole page, not stepping
  var timer = null;

  function publicOnly() { return body.classList.contains("public-only"); }
  function shown() {
    return steps.filter(function (el) { return !(publicOnly() && el.classList.contains("private")); });
  }
  function after(a, b) { return (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0; }

  // The strip after `el` (null: the end): the changes of every shown step up to it, applied in order.
  function drawStrip(el) {
    var list = shown(), key = publicOnly() ? "data-p" : "data-b", seats = {};
    var upto = el === null ? list.length - 1 : list.indexOf(el);
    for (var k = 0; k <= upto; k++) {
      JSON.parse(list[k].getAttribute(key) || "[]").forEach(function (row) { seats[row[0]] = row; });
    }
    badges.forEach(function (badge) {
      var n = badge.getAttribute("data-seat"), row = seats[n] || [n, 1, "", 0, ""];
      var name = badge.getAttribute("data-name"), words = [];
      badge.classList.toggle("dead", row[1] === 0);
      badge.querySelector(".claim").textContent = row[2];
      badge.querySelector(".votes").textContent = row[3] > 0 ? String(row[3]) : "";
      badge.querySelector(".targets").textContent = row[4] ? "◎" : "";
      badge.setAttribute("data-state", JSON.stringify(row.slice(1)));
      words.push(strip.getAttribute(row[1] === 0 ? "data-dead" : "data-alive").replace("{seat}", name));
      if (row[2]) { words.push(strip.getAttribute("data-claim").replace("{role}", row[2])); }
      if (row[3] > 0) { words.push(strip.getAttribute("data-votes").replace("{n}", String(row[3]))); }
      if (row[4]) { words.push(strip.getAttribute("data-targets").replace("{actions}", row[4])); }
      if (badge.classList.contains("killers") && !publicOnly()) { words.push(strip.getAttribute("data-killers")); }
      badge.title = words.join(strip.getAttribute("data-sep"));
    });
  }

  function setFragment(hash) {
    var url = location.pathname + location.search + hash;
    try { history.replaceState(null, "", url); } catch (e) { /* a browser that refuses it for files: keep the old URL */ }
  }

  function go(el) {
    current = el;
    body.classList.add("stepping");
    steps.forEach(function (s) {
      s.classList.toggle("current", s === el);
      s.classList.toggle("future", after(el, s));
    });
    phases.forEach(function (p) { p.classList.toggle("future", !p.contains(el) && after(el, p)); });
    var list = shown();
    body.classList.toggle("at-end", el === list[list.length - 1]);
    position.textContent = position.getAttribute("data-template")
      .replace("{n}", String(list.indexOf(el) + 1)).replace("{total}", String(list.length));
    slider.max = String(list.length);
    slider.value = String(list.indexOf(el) + 1);
    drawStrip(el);
    setFragment("#e" + el.getAttribute("data-i"));
    el.scrollIntoView({block: "center"});
  }

  function showAll() {
    stop();
    current = null;
    body.classList.remove("stepping", "at-end");
    steps.concat(phases).forEach(function (s) { s.classList.remove("current", "future"); });
    position.textContent = "";
    slider.max = String(shown().length);
    slider.value = slider.max;
    drawStrip(null);
    setFragment("");
  }

  function move(by) {
    var list = shown();
    if (!list.length) { return false; }
    var k = current === null ? (by > 0 ? 0 : list.length - 1) : list.indexOf(current) + by;
    if (k < 0 || k >= list.length) { return false; }
    go(list[k]);
    return true;
  }

  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    playButton.textContent = playButton.getAttribute("data-play");
  }

  function play() {
    if (timer !== null) { stop(); return; }
    var list = shown();
    if (current === null || current === list[list.length - 1]) { go(list[0]); }
    playButton.textContent = playButton.getAttribute("data-pause");
    timer = setInterval(function () { if (!move(1)) { stop(); } }, 1500);
  }

  // A fragment #eN points at event N: the last step at or before it this view shows. While stepping, a phase's
  // fragment (#day-2) steps to its first step.
  function fromFragment() {
    var m = /^#e(\d+)$/.exec(location.hash);
    if (!m) {
      var phase = location.hash.length > 1 ? document.getElementById(location.hash.slice(1)) : null;
      var first = phase && current !== null && phases.indexOf(phase) >= 0 ?
        shown().filter(function (el) { return phase.contains(el); })[0] : null;
      if (first) { go(first); }
      return;
    }
    var n = parseInt(m[1], 10), found = null;
    shown().forEach(function (el) { if (parseInt(el.getAttribute("data-i"), 10) <= n) { found = el; } });
    if (found) { go(found); }
  }

  controls.addEventListener("click", function (ev) {
    var button = ev.target.closest("button");
    if (!button) { return; }
    var what = button.getAttribute("data-go");
    if (what === "play") { play(); return; }
    stop();
    if (what === "next") { move(1); } else if (what === "previous") { move(-1); } else { showAll(); }
  });

  slider.addEventListener("input", function () {
    stop();
    var list = shown(), k = parseInt(slider.value, 10) - 1;
    if (k >= 0 && k < list.length) { go(list[k]); }
  });

  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) { return; }
    if (ev.key === "ArrowRight") { stop(); move(1); ev.preventDefault(); }
    else if (ev.key === "ArrowLeft") { stop(); move(-1); ev.preventDefault(); }
    else if (ev.key === "Escape") { showAll(); }
  });

  if (god) {
    god.addEventListener("change", function () {
      body.classList.toggle("public-only", !god.checked);
      if (current !== null && publicOnly() && current.classList.contains("private")) {
        var before = shown().filter(function (el) { return after(el, current); });
        if (before.length) { go(before[before.length - 1]); } else { showAll(); }
      } else if (current !== null) {
        go(current);
      } else {
        showAll();
      }
    });
  }

  // Printing shows every step and opens every note; the page is put back afterwards.
  var closed = [];
  window.addEventListener("beforeprint", function () {
    closed = Array.prototype.slice.call(document.querySelectorAll("details:not([open])"));
    closed.forEach(function (d) { d.open = true; });
  });
  window.addEventListener("afterprint", function () { closed.forEach(function (d) { d.open = false; }); });

  window.addEventListener("hashchange", fromFragment);
  bar.hidden = false;
  slider.max = String(shown().length);
  slider.value = slider.max;
  drawStrip(null);
  fromFragment();
}());
