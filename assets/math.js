// Typesets, with KaTeX, the formulas that the generator could not write as
// MathML (package mathml refuses TeX it does not know, such as \ce{} or
// environments) and left, HTML-escaped, in <span class="math
// inline|display">; most pages have none, and this script then does
// nothing. KaTeX runs with trust off, so TeX cannot create links, classes
// or styles. TeX that does not parse stays as source text marked
// .math-error (KaTeX's own error display would need an inline style, which
// the Content-Security-Policy forbids).
//
// KaTeX's stylesheet, KaTeX and mhchem (from the folder the script tag's
// data-katex names) are fetched by this script once the page has been
// painted (when a formula is in the first screen) or has loaded and been
// painted (otherwise), so that the text shows without waiting for them.
// KaTeX's two commonest fonts are asked for as soon as the stylesheet is
// there (through its own @font-face rules, which also work from file://),
// so that typeset formulas do not move again when their fonts arrive. The
// formulas in view are typeset first, the others in short slices of work
// after them (an answers page may hold hundreds), so that the page keeps
// answering; printing typesets whatever is left. A formula met again is
// copied from its first typesetting.
(function () {
  'use strict';
  var me = document.currentScript;
  var base = me && me.getAttribute('data-katex');
  var all = Array.from(document.querySelectorAll('.math'));
  if (all.length === 0) return;
  function inView(el) {
    var r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight && (r.width > 0 || r.height > 0);
  }
  if (typeof katex !== 'undefined') { main(); return; }
  if (!base) return;
  function add(src, then) {
    var s = document.createElement('script');
    s.src = src;
    s.onload = then;
    document.head.appendChild(s);
  }
  function fonts() {
    if (!document.fonts || !document.fonts.load) return;
    document.fonts.load('16px KaTeX_Main').catch(function () {});
    document.fonts.load('italic 16px KaTeX_Math').catch(function () {});
  }
  function fetchKaTeX() {
    var css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = base + 'katex.min.css';
    var waiting = 2;
    function both() { if (--waiting === 0) main(); }
    css.onload = function () { fonts(); both(); };
    css.onerror = both;
    document.head.appendChild(css);
    add(base + 'katex.min.js', function () { add(base + 'contrib/mhchem.min.js', both); });
  }
  function later() { requestAnimationFrame(function () { setTimeout(fetchKaTeX, 0); }); }
  if (all.some(inView) || document.readyState === 'complete') later();
  else window.addEventListener('load', later);

  function main() {
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
    var first = [], rest = [];
    all.forEach(function (el) { (inView(el) ? first : rest).push(el); });
    first.forEach(typeset);
    function slice() {
      var end = performance.now() + 8;
      while (rest.length > 0 && performance.now() < end) typeset(rest.shift());
      if (rest.length > 0) setTimeout(slice, 0);
    }
    if (rest.length > 0) setTimeout(slice, 0);
    window.addEventListener('beforeprint', function () {
      while (rest.length > 0) typeset(rest.shift());
    });
  }
}());
