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
//
// ECharts is large: it is fetched only when a chart comes within 200 px of
// the view, or as soon as the reader first points, touches, scrolls or
// types (so that it is there before a chart is, and for printing), and
// each chart is drawn when it comes within 200 px of the view. Printing
// draws every chart first; Ctrl+P (or Cmd+P) before ECharts is there
// fetches it and draws them, then prints.
(function () {
  'use strict';
  var me = document.currentScript;
  var els = Array.from(document.querySelectorAll('.chart[data-chart]'));
  if (els.length === 0) return;
  var ready = typeof echarts !== 'undefined', loading = false, after = [];
  // load fetches ECharts once and calls then (if any) when it is there.
  function load(then) {
    if (then) after.push(then);
    if (ready) { flush(); return; }
    if (loading) return;
    var src = me && me.getAttribute('data-echarts');
    if (!src) return;
    loading = true;
    var s = document.createElement('script');
    s.src = src;
    s.onload = function () { ready = true; flush(); };
    document.head.appendChild(s);
  }
  function flush() {
    var fs = after;
    after = [];
    fs.forEach(function (f) { f(); });
  }

  // Charts near the view wait in queue and are drawn one per task, so
  // that the page keeps answering while they are drawn.
  var queue = [], drawn = new Set(), charts = [], pumping = false;
  function want(el) {
    if (drawn.has(el) || queue.indexOf(el) >= 0) return;
    queue.push(el);
    load(pump);
  }
  function pump() {
    if (pumping || !ready) return;
    pumping = true;
    setTimeout(function next() {
      var el = queue.shift();
      if (!el) { pumping = false; return; }
      drawOne(el);
      setTimeout(next, 0);
    }, 0);
  }
  function drawOne(el) {
    if (drawn.has(el)) return;
    drawn.add(el);
    if (io) io.unobserve(el);
    var c = new Chart(el, el.getAttribute('data-chart'));
    if (c.draw()) charts.push(c);
  }
  function drawAll() {
    if (!ready) return;
    els.forEach(drawOne);
    queue = [];
  }

  var io = null;
  if ('IntersectionObserver' in window) {
    io = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) { if (e.isIntersecting) want(e.target); });
    }, { rootMargin: '200px 0px' });
    els.forEach(function (el) { io.observe(el); });
  } else {
    els.forEach(want);
  }
  var signs = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown', 'scroll'];
  function present() {
    signs.forEach(function (t) { window.removeEventListener(t, present, true); });
    load();
  }
  signs.forEach(function (t) { window.addEventListener(t, present, { capture: true, passive: true }); });
  window.addEventListener('keydown', function (e) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || (e.key !== 'p' && e.key !== 'P')) return;
    if (drawn.size === els.length) return;
    e.preventDefault();
    load(function () { drawAll(); window.print(); });
  });
  window.addEventListener('beforeprint', function () {
    drawAll();
    charts.forEach(function (c) { c.chart.resize(); });
  });
  document.addEventListener('policychange', function () {
    charts.forEach(function (c) { c.draw(); });
  });
  var pending = 0;
  window.addEventListener('resize', function () {
    clearTimeout(pending);
    pending = setTimeout(function () { charts.forEach(function (c) { c.chart.resize(); }); }, 100);
  });

  var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var font = null;

  function policy() {
    var loose = document.getElementById('policy-loose');
    return loose && loose.checked ? 'loose' : 'strict';
  }
  function optionFor(name) {
    var el = document.getElementById('chart-' + name) || document.getElementById('chart-' + name + '_' + policy());
    if (!el) return null;
    if (font === null) font = getComputedStyle(document.body).fontFamily;
    var opt = JSON.parse(el.textContent);
    opt.backgroundColor = 'transparent';
    opt.textStyle = { fontFamily: font };
    opt.tooltip = Object.assign({}, opt.tooltip || {}, { renderMode: 'richText', confine: true });
    opt.animation = false;
    // A point's name is cut at 140 px with an ellipsis (the tooltip has
    // it whole), and its box is as tall as the browser draws the line, so
    // that labelLayout's hideOverlap leaves no two names touching.
    (opt.series || []).forEach(function (s) {
      [s.label, s.emphasis && s.emphasis.label].forEach(function (l) {
        if (l && s.type === 'scatter') { l.width = 140; l.overflow = 'truncate'; l.lineHeight = 15; }
      });
    });
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
    this.chart = null;
    this.legend = null;
    this.pinned = null;
    this.hover = null;
  }
  // init makes the ECharts instance, once the legend has taken its room.
  Chart.prototype.init = function () {
    var self = this;
    this.chart = echarts.init(this.el, dark ? 'dark' : null, { renderer: 'svg' });
    this.chart.on('mouseover', function (p) { self.hover = p.seriesName; self.bands(); });
    this.chart.on('mouseout', function () { self.hover = null; self.bands(); });
    this.chart.on('globalout', function () { self.hover = null; self.bands(); });
    this.chart.on('click', function (p) {
      self.pinned = self.pinned === p.seriesName ? null : p.seriesName;
      self.bands();
    });
    this.chart.on('legendselectchanged', function () { self.sync(); });
  };
  // draw lays the chart out once: the legend first, so that the chart's
  // height is known, and the bands already hidden but the shown one's.
  Chart.prototype.draw = function () {
    var opt = optionFor(this.name);
    if (!opt) return false;
    var lg = firstLegend(opt);
    var wanted = lg && lg.show !== false;
    if (lg) lg.show = false;
    this.bandIdx = [];
    var self = this, show = this.hover || this.pinned;
    (opt.series || []).forEach(function (s, i) {
      if (s.stack && s.areaStyle) {
        self.bandIdx.push({ i: i, name: s.name });
        s.areaStyle = Object.assign({}, s.areaStyle, { opacity: s.name === show ? 0.2 : 0 });
      }
    });
    this.shown = show;
    var resized = this.buildLegend(wanted ? legendEntries(opt) : []);
    if (!this.chart) {
      this.init();
      resized = false;
    }
    this.chart.setOption(opt, true);
    if (resized) this.chart.resize();
    this.sync();
    return true;
  };
  // buildLegend puts the legend after the chart and says whether the
  // chart's height changed for it.
  Chart.prototype.buildLegend = function (entries) {
    if (this.legend) { this.legend.remove(); this.legend = null; }
    if (entries.length < 2) return false;
    var self = this;
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
        self.chart.dispatchAction({ type: 'legendToggle', name: e.name });
        self.sync();
      });
      b.addEventListener('mouseenter', function () { self.hover = e.name; self.bands(); });
      b.addEventListener('mouseleave', function () { self.hover = null; self.bands(); });
      li.appendChild(b);
      ul.appendChild(li);
    });
    // The legend takes its room from the chart's, so that nothing below
    // moves when it appears: what follows the chart is measured before
    // and after (margins collapse differently around the legend), the
    // chart keeps at least 240 px, and a legend longer than the rest
    // scrolls.
    var el = this.el, before = el.getBoundingClientRect().height;
    if (!this.height) this.height = before;
    var y0 = below(el);
    this.el.insertAdjacentElement('afterend', ul);
    this.legend = ul;
    var grew = below(ul) - y0;
    var h = Math.max(before - grew, 240);
    if (h > before - grew) ul.style.maxHeight = Math.max(ul.getBoundingClientRect().height - (h - (before - grew)), 48) + 'px';
    if (Math.abs(h - before) > 1) {
      el.style.height = h + 'px';
      return true;
    }
    return false;
  };
  // below is where what follows el starts: its next element's top, or
  // the bottom of its parent.
  function below(el) {
    var n = el.nextElementSibling;
    return n ? n.getBoundingClientRect().top : el.parentNode.getBoundingClientRect().bottom;
  }
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
}());
