import { directParagraphProperties, drawingHandlers, walkDrawingML } from './drawingml';
import { analyzePackage, mergePackage, NS, type OoxmlFilter, type PartContext } from './ooxml';
import type { DocumentAnalysis, FilterOptions, MergeInput } from './types';
import { child, el, isElement, serialize, type XmlElement } from './xml/dom';
import type { OpenElement } from './xml/stream';

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
const STYLE_ROOTS = new Set(['p:txStyles', 'p:notesStyle', 'p:defaultTextStyle']);

function isPlaceholder(shape: XmlElement): boolean {
  const nv = shape.children.find((c): c is XmlElement => isElement(c) && c.name.startsWith('p:nv'));
  const nvPr = nv ? child(nv, 'p:nvPr') : undefined;
  return Boolean(nvPr && child(nvPr, 'p:ph'));
}

function shapeHandlers(context: PartContext, master: boolean) {
  return {
    capture: (name: string, _attrs: Record<string, string>, ancestors: readonly { name: string }[]) => {
      if (SHAPES.has(name)) return true;
      // Master text styles (p:txStyles, the notes master's p:notesStyle) and presentation defaults: direction only.
      return context.mode === 'merge' && LEVEL_PPR.test(name) && ancestors.some((a) => STYLE_ROOTS.has(a.name));
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

/** What follows p:defaultTextStyle in p:presentation (CT_Presentation's sequence). */
const AFTER_DEFAULT_TEXT_STYLE = new Set(['p:modifyVerifier', 'p:extLst']);

/**
 * presentation.xml: the default text style is the root of inheritance for text boxes that
 * are not placeholders. A package without one (LibreOffice and other producers leave it out)
 * gets one when the direction flips, so its text boxes are aligned to the new side rather
 * than the built-in left.
 */
function presentationHandlers(context: PartContext) {
  const shapes = shapeHandlers(context, true);
  if (context.mode === 'analyze') return shapes;
  let seen = false;
  const defaultTextStyle = () => {
    seen = true;
    const levels = ['a:defPPr', ...Array.from({ length: 9 }, (_v, i) => `a:lvl${i + 1}pPr`)].map((name) => el(name));
    for (const level of levels) directParagraphProperties(level, context.source, context.target, { isStyleRoot: true });
    return levels.some((level) => level.attrs.algn) ? el('p:defaultTextStyle', {}, levels) : undefined;
  };
  const isTopLevel = (ancestors: readonly OpenElement[]) => ancestors.length === 1 && ancestors[0]!.name === 'p:presentation';
  return {
    capture: (name: string, attrs: Record<string, string>, ancestors: readonly OpenElement[]) => {
      if (isTopLevel(ancestors) && name === 'p:defaultTextStyle') seen = true;
      return (!seen && isTopLevel(ancestors) && AFTER_DEFAULT_TEXT_STYLE.has(name)) || shapes.capture(name, attrs, ancestors);
    },
    onCapture: (node: XmlElement, ancestors: readonly OpenElement[]) => {
      if (!seen && isTopLevel(ancestors) && AFTER_DEFAULT_TEXT_STYLE.has(node.name)) {
        const style = defaultTextStyle();
        return style ? [style, node] : node;
      }
      return shapes.onCapture(node);
    },
    onOpen: (element: OpenElement, ancestors: readonly OpenElement[]) => {
      // The inserted style is written with the a: prefix, bound on the root when it is not already.
      if (ancestors.length === 0 && !Object.values(element.attrs).includes(NS.a) && !element.attrs['xmlns:a']) element.attrs['xmlns:a'] = NS.a;
    },
    onClose: (element: OpenElement, ancestors: readonly OpenElement[]) => {
      if (seen || ancestors.length > 0 || element.name !== 'p:presentation') return;
      const style = defaultTextStyle();
      return style ? serialize(style) : undefined;
    },
  };
}

export const pptxFilter: OoxmlFilter = {
  role: (_name, contentType) => ROLES[contentType] ?? null,
  hasText: (role) => role === 'slide' || role === 'master' || role === 'dml',
  handlers(role, context) {
    if (role === 'slide') return shapeHandlers(context, false);
    if (role === 'master') return shapeHandlers(context, true);
    if (role === 'presentation') return presentationHandlers(context);
    return drawingHandlers(context);
  },
  async pages(zip) {
    const slides = zip.entries.filter((e) => /^ppt\/slides\/slide\d+\.xml$/i.test(e.name)).length;
    return slides || undefined;
  },
};

export const analyzePptx = (path: string, options: FilterOptions): Promise<DocumentAnalysis> => analyzePackage(path, 'pptx', pptxFilter, options);
export const mergePptx = (path: string, outPath: string, input: MergeInput, options: FilterOptions) => mergePackage(path, outPath, pptxFilter, input, options);
