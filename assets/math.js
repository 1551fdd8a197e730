// Typesets the TeX that the generator left, HTML-escaped, in
// <span class="math inline|display">. KaTeX runs with trust off, so TeX
// cannot create links, classes or styles. TeX that does not parse stays as
// source text marked .math-error (KaTeX's own error display would need an
// inline style, which the Content-Security-Policy forbids).
//
// The formulas in view are typeset at once, the others in short slices
// of work once the page has been painted (an answers page holds hundreds),
// so that the page shows and keeps answering; printing typesets whatever
// is left. A formula met again is copied from its first typesetting.
//
// On a page whose script tag names data-katex (the folder of KaTeX), KaTeX
// and mhchem are fetched once the page has loaded and been painted.
(function () {
  'use strict';
  var me = document.currentScript;
  var base = me && me.getAttribute('data-katex');
  if (typeof katex !== 'undefined') { main(); return; }
  if (!base || !document.querySelector('.math')) return;
  function add(src, then) {
    var s = document.createElement('script');
    s.src = src;
    s.onload = then;
    document.head.appendChild(s);
  }
  function fetchKaTeX() {
    add(base + 'katex.min.js', function () { add(base + 'contrib/mhchem.min.js', main); });
  }
  function later() { requestAnimationFrame(function () { setTimeout(fetchKaTeX, 0); }); }
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later);

  function main() {
  var els = Array.from(document.querySelectorAll('.math'));
  var cache = new Map();
  function typeset(el) {
    var display = el.classList.contains('display');
    var key = (display ? 'D' : 'I') + el.textContent;
    var hit = cache.get(key);
    if (hit === null) { el.classList.add('math-error'); return; }
    if (hit) { el.textContent = ''; el.appendChild(hit.cloneNode(true)); return; }
    try {
      katex.render(el.textContent, el, {
        displayMode: display,
        throwOnError: true,
        trust: false,
        strict: 'ignore',
        maxSize: 20,
        maxExpand: 500
      });
      cache.set(key, el.firstChild.cloneNode(true));
    } catch (e) {
      cache.set(key, null);
      el.classList.add('math-error');
    }
  }
  var H = window.innerHeight;
  var first = [], rest = [];
  els.forEach(function (el) {
    var r = el.getBoundingClientRect();
    (r.bottom > 0 && r.top < H && (r.width > 0 || r.height > 0) ? first : rest).push(el);
  });
  first.forEach(typeset);
  function slice() {
    var end = performance.now() + 8;
    while (rest.length > 0 && performance.now() < end) typeset(rest.shift());
    // The rest waits until the page has been painted once.
  if (rest.length > 0) requestAnimationFrame(function () { setTimeout(slice, 0); });
  }
  // The rest waits until the page has been painted once.
  if (rest.length > 0) requestAnimationFrame(function () { setTimeout(slice, 0); });
  window.addEventListener('beforeprint', function () {
    while (rest.length > 0) typeset(rest.shift());
  });
  }
}());
