// Typesets the TeX that the generator left, HTML-escaped, in
// <span class="math inline|display">. KaTeX runs with trust off, so TeX
// cannot create links, classes or styles. TeX that does not parse stays as
// source text marked .math-error (KaTeX's own error display would need an
// inline style, which the Content-Security-Policy forbids).
(function () {
  'use strict';
  if (typeof katex === 'undefined') return;
  Array.from(document.querySelectorAll('.math')).forEach(function (el) {
    try {
      katex.render(el.textContent, el, {
        displayMode: el.classList.contains('display'),
        throwOnError: true,
        trust: false,
        strict: 'ignore',
        maxSize: 20,
        maxExpand: 500
      });
    } catch (e) {
      el.classList.add('math-error');
    }
  });
}());
