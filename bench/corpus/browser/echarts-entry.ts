/// <reference lib="dom" />
/**
 * Browser bundle entry of the ECharts look: its own page script, so the other renderers' pages
 * (and the images of every existing seed) do not change when ECharts changes.
 */
import type { RenderSpec } from '../types';
import { renderEcharts } from './echarts';

declare global {
  interface Window {
    __corpusRender: (spec: RenderSpec) => Promise<unknown>;
  }
}

window.__corpusRender = async (spec: RenderSpec) => {
  await document.fonts.ready;
  if (spec.renderer !== 'echarts') throw new Error(`the ECharts page cannot render ${spec.renderer}`);
  return renderEcharts(spec);
};
