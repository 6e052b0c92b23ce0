/// <reference lib="dom" />
/** Browser bundle entry: exposes one render function per renderer to the page. */
import type { RenderSpec } from '../types';
import { renderBroker } from './broker';
import { renderLwc } from './lwc';
import { renderMt } from './mt';

declare global {
  interface Window {
    __corpusRender: (spec: RenderSpec) => Promise<unknown>;
  }
}

window.__corpusRender = async (spec: RenderSpec) => {
  await document.fonts.ready;
  switch (spec.renderer) {
    case 'lwc':
      return renderLwc(spec);
    case 'mt':
      return renderMt(spec);
    case 'broker':
      return renderBroker(spec);
    default:
      throw new Error(`renderer ${spec.renderer} not built`);
  }
};
