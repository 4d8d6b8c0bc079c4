import type { TopLevelSpec } from 'vega-lite';

/**
 * One Vega-Lite figure as static SVG markup. Vega-Lite compiles the declarative spec and
 * Vega's headless view renders it to an SVG string without a DOM or a canvas, so the HTML
 * report needs no script, no network and no browser to draw (docs/report.md, "HTML report").
 * The libraries are loaded on first use: runs that write no HTML do not pay for them.
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  const compiled = vegaLite.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
