// Draws every chart of a page from the inert JSON that the generator wrote
// into <script type="application/json" id="chart-NAME"> (or chart-NAME_strict
// and chart-NAME_loose for charts that follow the Strict/Loose switch).
// Nothing from the data is ever parsed as HTML: tooltips use rich text.
(function () {
  'use strict';
  if (typeof echarts === 'undefined') return;
  var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var font = getComputedStyle(document.body).fontFamily;
  var charts = [];

  function policy() {
    var loose = document.getElementById('policy-loose');
    return loose && loose.checked ? 'loose' : 'strict';
  }
  function optionFor(name) {
    var el = document.getElementById('chart-' + name) || document.getElementById('chart-' + name + '_' + policy());
    if (!el) return null;
    var opt = JSON.parse(el.textContent);
    opt.backgroundColor = 'transparent';
    opt.textStyle = { fontFamily: font };
    opt.tooltip = Object.assign({}, opt.tooltip || {}, { renderMode: 'richText', confine: true });
    opt.aria = { enabled: true };
    opt.animation = false;
    return opt;
  }
  Array.from(document.querySelectorAll('.chart[data-chart]')).forEach(function (el) {
    var name = el.getAttribute('data-chart');
    var opt = optionFor(name);
    if (!opt) return;
    var chart = echarts.init(el, dark ? 'dark' : null, { renderer: 'svg' });
    chart.setOption(opt);
    charts.push({ name: name, chart: chart });
  });
  document.addEventListener('policychange', function () {
    charts.forEach(function (c) {
      var opt = optionFor(c.name);
      if (opt) c.chart.setOption(opt, true);
    });
  });
  var pending = 0;
  window.addEventListener('resize', function () {
    clearTimeout(pending);
    pending = setTimeout(function () { charts.forEach(function (c) { c.chart.resize(); }); }, 100);
  });
  window.addEventListener('beforeprint', function () { charts.forEach(function (c) { c.chart.resize(); }); });
}());
