// Draws every chart of a page from the inert JSON that the generator wrote
// into <script type="application/json" id="chart-NAME"> (or chart-NAME_strict
// and chart-NAME_loose for charts that follow the Strict/Loose switch).
// Nothing from the data is ever parsed as HTML: tooltips use rich text and
// the legend is built with textContent.
//
// The legend is a list of buttons after the chart, not ECharts' own: it
// wraps instead of paging, never clips a name, and marks hidden series in
// any colour scheme. A model's 95% band (the stacked series that carry an
// areaStyle) is drawn only for the model under the pointer or the one last
// clicked, since overlapping translucent bands read like a series of their
// own.
(function () {
  'use strict';
  // ECharts is fetched only once the page is shown, so that the text of
  // the page does not wait for it.
  var me = document.currentScript;
  function start() {
    if (typeof echarts !== 'undefined') { main(); return; }
    var src = me && me.getAttribute('data-echarts');
    if (!src) return;
    var s = document.createElement('script');
    s.src = src;
    s.onload = main;
    document.head.appendChild(s);
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start);

  function main() {
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
    opt.animation = false;
    return opt;
  }
  function firstLegend(opt) {
    var lg = opt.legend;
    if (Array.isArray(lg)) lg = lg[0];
    return lg || null;
  }
  function colorOf(s) {
    return (s.itemStyle && s.itemStyle.color) || (s.lineStyle && s.lineStyle.color) || '';
  }
  // legendEntries lists the series names in order, each with the colour of
  // its first series (which is what ECharts' legend would show).
  function legendEntries(opt) {
    var seen = {}, out = [];
    (opt.series || []).forEach(function (s) {
      if (s.name === undefined || seen[s.name]) return;
      if (s.markLine && (!s.data || s.data.length === 0)) return;
      seen[s.name] = true;
      out.push({ name: s.name, color: colorOf(s), dashed: !!(s.lineStyle && s.lineStyle.type === 'dashed') });
    });
    return out;
  }

  function Chart(el, name) {
    this.el = el;
    this.name = name;
    this.chart = echarts.init(el, dark ? 'dark' : null, { renderer: 'svg' });
    this.legend = null;
    this.pinned = null;
    this.hover = null;
    var self = this;
    this.chart.on('mouseover', function (p) { self.hover = p.seriesName; self.bands(); });
    this.chart.on('mouseout', function () { self.hover = null; self.bands(); });
    this.chart.on('globalout', function () { self.hover = null; self.bands(); });
    this.chart.on('click', function (p) {
      self.pinned = self.pinned === p.seriesName ? null : p.seriesName;
      self.bands();
    });
    this.chart.on('legendselectchanged', function () { self.sync(); });
  }
  Chart.prototype.draw = function () {
    var opt = optionFor(this.name);
    if (!opt) return false;
    var lg = firstLegend(opt);
    var wanted = lg && lg.show !== false;
    if (lg) lg.show = false;
    this.bandIdx = [];
    var self = this;
    (opt.series || []).forEach(function (s, i) {
      if (s.stack && s.areaStyle) self.bandIdx.push({ i: i, name: s.name });
    });
    this.chart.setOption(opt, true);
    this.buildLegend(wanted ? legendEntries(opt) : []);
    this.bands();
    return true;
  };
  Chart.prototype.buildLegend = function (entries) {
    if (this.legend) { this.legend.remove(); this.legend = null; }
    if (entries.length < 2) return;
    var chart = this.chart, self = this;
    var ul = document.createElement('ul');
    ul.className = 'legend';
    ul.setAttribute('aria-label', 'Series: press to show or hide');
    entries.forEach(function (e) {
      var li = document.createElement('li');
      var b = document.createElement('button');
      b.type = 'button';
      var sw = document.createElement('span');
      sw.className = 'sw' + (e.dashed ? ' dashed' : '');
      sw.setAttribute('aria-hidden', 'true');
      if (e.color) { sw.style.backgroundColor = e.color; sw.style.borderColor = e.color; }
      var t = document.createElement('span');
      t.textContent = e.name;
      b.appendChild(sw);
      b.appendChild(t);
      b.dataset.name = e.name;
      b.addEventListener('click', function () {
        chart.dispatchAction({ type: 'legendToggle', name: e.name });
        self.sync();
      });
      b.addEventListener('mouseenter', function () { self.hover = e.name; self.bands(); });
      b.addEventListener('mouseleave', function () { self.hover = null; self.bands(); });
      li.appendChild(b);
      ul.appendChild(li);
    });
    this.el.insertAdjacentElement('afterend', ul);
    this.legend = ul;
    // The legend takes its room from the chart's, so that nothing below
    // moves when it appears.
    if (!this.height) this.height = this.el.getBoundingClientRect().height;
    var h = Math.max(this.height - ul.getBoundingClientRect().height - 8, 240);
    if (Math.abs(h - this.el.getBoundingClientRect().height) > 1) {
      this.el.style.height = h + 'px';
      this.chart.resize();
    }
    this.sync();
  };
  // sync marks each legend button as shown or hidden.
  Chart.prototype.sync = function () {
    if (!this.legend) return;
    var lg = firstLegend(this.chart.getOption()) || {};
    var sel = lg.selected || {};
    Array.from(this.legend.querySelectorAll('button')).forEach(function (b) {
      b.setAttribute('aria-pressed', sel[b.dataset.name] === false ? 'false' : 'true');
    });
  };
  // bands shows the 95% band of the hovered or pinned model only.
  Chart.prototype.bands = function () {
    if (!this.bandIdx || this.bandIdx.length === 0) return;
    var show = this.hover || this.pinned;
    if (show === this.shown) return;
    this.shown = show;
    var series = (this.chart.getOption().series || []).map(function () { return {}; });
    this.bandIdx.forEach(function (b) {
      series[b.i] = { areaStyle: { opacity: b.name === show ? 0.2 : 0 } };
    });
    this.chart.setOption({ series: series });
  };

  // One chart per task, those in view first, so that the page keeps
  // answering while they are drawn.
  var els = Array.from(document.querySelectorAll('.chart[data-chart]'));
  els.sort(function (a, b) {
    var va = a.getBoundingClientRect().top < innerHeight ? 0 : 1;
    var vb = b.getBoundingClientRect().top < innerHeight ? 0 : 1;
    return va - vb;
  });
  (function next() {
    var el = els.shift();
    if (!el) return;
    var c = new Chart(el, el.getAttribute('data-chart'));
    if (c.draw()) charts.push(c);
    setTimeout(next, 0);
  }());
  document.addEventListener('policychange', function () {
    charts.forEach(function (c) { c.shown = undefined; c.draw(); });
  });
  var pending = 0;
  window.addEventListener('resize', function () {
    clearTimeout(pending);
    pending = setTimeout(function () { charts.forEach(function (c) { c.chart.resize(); }); }, 100);
  });
  window.addEventListener('beforeprint', function () { charts.forEach(function (c) { c.chart.resize(); }); });
  }
}());
