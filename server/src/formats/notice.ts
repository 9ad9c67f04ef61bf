/**
 * The "dictionary gloss" notice in produced files (issue 13): a document translated by
 * the offline dictionary only says so in its own metadata, where Office and review tools
 * show it (File > Properties > Custom for DOCX, XLSX and PPTX; a comment in XLIFF).
 */
import { escapeText } from './xml/dom';

/** The custom document property that carries the notice. */
export const NOTICE_PROPERTY = 'LisanNotice';
export const CUSTOM_PROPERTIES_PART = 'docProps/custom.xml';
const CUSTOM_TYPE = 'application/vnd.openxmlformats-officedocument.custom-properties+xml';
const CUSTOM_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties';
const FMTID = '{D5CDD505-2E9C-101B-9397-08002B2CF9AE}';

const property = (pid: number, notice: string) =>
  `<property fmtid="${FMTID}" pid="${pid}" name="${NOTICE_PROPERTY}"><vt:lpwstr>${escapeText(notice)}</vt:lpwstr></property>`;

/** docProps/custom.xml with the notice added to the properties the file already had (or alone). */
export function customPropertiesWithNotice(existing: string | null, notice: string): string {
  if (existing && existing.includes('</Properties>') && !existing.includes(`name="${NOTICE_PROPERTY}"`)) {
    const pids = [...existing.matchAll(/\bpid="(\d+)"/g)].map((m) => Number(m[1]));
    const pid = Math.max(1, ...pids) + 1;
    const withVt = /xmlns:vt=/.test(existing) ? existing : existing.replace(/<Properties\b/, '<Properties xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"');
    return withVt.replace('</Properties>', `${property(pid, notice)}</Properties>`);
  }
  if (existing?.includes(`name="${NOTICE_PROPERTY}"`)) return existing;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
    `${property(2, notice)}</Properties>`
  );
}

/** [Content_Types].xml declaring the custom properties part. */
export function contentTypesWithCustomProperties(xml: string): string {
  if (/PartName="\/docProps\/custom\.xml"/i.test(xml)) return xml;
  return xml.replace('</Types>', `<Override PartName="/${CUSTOM_PROPERTIES_PART}" ContentType="${CUSTOM_TYPE}"/></Types>`);
}

/** The package relationships (_rels/.rels) pointing at the custom properties part. */
export function packageRelsWithCustomProperties(xml: string): string {
  if (xml.includes(CUSTOM_REL)) return xml;
  const ids = new Set([...xml.matchAll(/\bId="([^"]+)"/g)].map((m) => m[1]));
  let n = 1;
  while (ids.has(`rIdLisan${n}`)) n++;
  return xml.replace('</Relationships>', `<Relationship Id="rIdLisan${n}" Type="${CUSTOM_REL}" Target="${CUSTOM_PROPERTIES_PART}"/></Relationships>`);
}

/** An XML comment carrying the notice ("--" cannot appear inside a comment). */
export function noticeComment(notice: string): string {
  return `<!-- ${notice.replace(/-{2,}/g, '-')} -->`;
}
