#!/bin/sh
# Builds assets/vendor/echarts-<version>/echarts.custom.min.js: ECharts from
# the npm registry with only what the site draws (line, bar and scatter
# charts; grid, tooltip, legend, markLine and dataZoom slider components;
# label layout, which hides overlapping labels; the SVG renderer), bundled and minified by esbuild. Run it from anywhere; it works
# in a temporary folder and writes only the bundle and the licences.
#
#   sh assets/vendor/build-echarts.sh
set -eu
ECHARTS=5.6.0
ESBUILD=0.28.2
here=$(cd "$(dirname "$0")" && pwd)
out="$here/echarts-$ECHARTS"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
cat >package.json <<JSON
{"private": true, "dependencies": {"echarts": "$ECHARTS", "esbuild": "$ESBUILD"}}
JSON
npm install --no-audit --no-fund --save-exact >/dev/null
cat >entry.js <<'JS'
import { use, init, getInstanceByDom } from 'echarts/core';
import { LineChart, BarChart, ScatterChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, DataZoomSliderComponent } from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
use([LineChart, BarChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, DataZoomSliderComponent, LabelLayout, SVGRenderer]);
window.echarts = { init: init, getInstanceByDom: getInstanceByDom };
JS
mkdir -p "$out"
{
  printf '/*! ECharts %s (Apache-2.0, see LICENSE and NOTICE beside this file): line, bar, scatter, grid, tooltip, legend, markLine, dataZoom slider, label layout, SVG renderer; built by build-echarts.sh */\n' "$ECHARTS"
  ./node_modules/.bin/esbuild entry.js --bundle --minify --format=iife --target=es2017 --legal-comments=none --log-level=warning
} >"$out/echarts.custom.min.js"
cp node_modules/echarts/LICENSE node_modules/echarts/NOTICE "$out/"
cp node_modules/echarts/licenses/LICENSE-d3 "$out/"
ls -l "$out"
