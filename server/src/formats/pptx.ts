import { directParagraphProperties, drawingHandlers, walkDrawingML } from './drawingml';
import { analyzePackage, mergePackage, type OoxmlFilter, type PartContext } from './ooxml';
import type { DocumentAnalysis, FilterOptions, MergeInput } from './types';
import { child, isElement, type XmlElement } from './xml/dom';

/**
 * PPTX: slides, notes, the visible (non-placeholder) text of layouts and masters, tables,
 * grouped shapes (each shape inside a group is captured on its own), chart titles and
 * SmartArt. Placeholder shapes of layouts and masters only hold prompt text ("Click to edit
 * Master title style") that no one sees in a show, so they are not translated; their list
 * styles still get the new direction, which the slides inherit.
 */
const P_CT = 'application/vnd.openxmlformats-officedocument.presentationml.';
const ROLES: Record<string, string> = {
  [`${P_CT}slide+xml`]: 'slide',
  [`${P_CT}notesSlide+xml`]: 'slide',
  [`${P_CT}slideLayout+xml`]: 'master',
  [`${P_CT}slideMaster+xml`]: 'master',
  [`${P_CT}notesMaster+xml`]: 'master',
  [`${P_CT}presentation.main+xml`]: 'presentation',
  'application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml': 'dml',
  'application/vnd.ms-office.drawingml.diagramDrawing+xml': 'dml',
  'application/vnd.openxmlformats-officedocument.drawingml.chart+xml': 'dml',
};

const SHAPES = new Set(['p:sp', 'p:graphicFrame', 'p:cxnSp', 'p:pic']);
const LEVEL_PPR = /^a:(lvl[1-9]pPr|defPPr)$/;

function isPlaceholder(shape: XmlElement): boolean {
  const nv = shape.children.find((c): c is XmlElement => isElement(c) && c.name.startsWith('p:nv'));
  const nvPr = nv ? child(nv, 'p:nvPr') : undefined;
  return Boolean(nvPr && child(nvPr, 'p:ph'));
}

function shapeHandlers(context: PartContext, master: boolean) {
  return {
    capture: (name: string, _attrs: Record<string, string>, ancestors: readonly { name: string }[]) => {
      if (SHAPES.has(name)) return true;
      // Master text styles (p:txStyles) and presentation defaults: direction only.
      return context.mode === 'merge' && LEVEL_PPR.test(name) && ancestors.some((a) => a.name === 'p:txStyles' || a.name === 'p:defaultTextStyle');
    },
    onCapture: (node: XmlElement) => {
      if (LEVEL_PPR.test(node.name)) {
        directParagraphProperties(node, context.source, context.target, { isStyleRoot: true });
        return node;
      }
      walkDrawingML(node, context, { translate: !(master && isPlaceholder(node)) });
      return node;
    },
  };
}

export const pptxFilter: OoxmlFilter = {
  role: (_name, contentType) => ROLES[contentType] ?? null,
  hasText: (role) => role === 'slide' || role === 'master' || role === 'dml',
  handlers(role, context) {
    if (role === 'slide') return shapeHandlers(context, false);
    if (role === 'master' || role === 'presentation') return shapeHandlers(context, true);
    return drawingHandlers(context);
  },
  async pages(zip) {
    const slides = zip.entries.filter((e) => /^ppt\/slides\/slide\d+\.xml$/i.test(e.name)).length;
    return slides || undefined;
  },
};

export const analyzePptx = (path: string, options: FilterOptions): Promise<DocumentAnalysis> => analyzePackage(path, 'pptx', pptxFilter, options);
export const mergePptx = (path: string, outPath: string, input: MergeInput, options: FilterOptions) => mergePackage(path, outPath, pptxFilter, input, options);
