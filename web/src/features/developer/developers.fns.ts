/**
 * The curl examples of the Developers page, for a server address (the page's own origin). Only
 * code: a block is copied as it is, and prose in it (Arabic above all, inside a left-to-right
 * block) reads badly; what a block needs said goes in the page's text beside it.
 */
export function curlExamples(base: string) {
  const key = 'YOUR_API_KEY';
  const deeplKey = `--header 'Authorization: DeepL-Auth-Key ${key}'`;
  return {
    deepl: {
      translate: `curl -X POST '${base}/v2/translate' \\\n  ${deeplKey} \\\n  --data-urlencode 'text=Hello, world!' \\\n  --data-urlencode 'target_lang=AR'`,
      batch: `curl -X POST '${base}/v2/translate' \\\n  ${deeplKey} \\\n  --header 'Content-Type: application/json' \\\n  --data '{"text": ["Good morning.", "<p>Thank <b>you</b></p>"], "target_lang": "AR", "tag_handling": "html"}'`,
      usage: `curl '${base}/v2/usage' \\\n  ${deeplKey}`,
      // Upload, then ask for its status until "done", then download (DeepL's three calls, with the upload's answer).
      document: [
        `curl -X POST '${base}/v2/document' \\\n  ${deeplKey} \\\n  --form 'file=@report.docx' \\\n  --form 'target_lang=AR'`,
        `curl -X POST '${base}/v2/document/DOCUMENT_ID' \\\n  ${deeplKey} \\\n  --data-urlencode 'document_key=DOCUMENT_KEY'`,
        `curl -X POST '${base}/v2/document/DOCUMENT_ID/result' \\\n  ${deeplKey} \\\n  --data-urlencode 'document_key=DOCUMENT_KEY' \\\n  --output report-ar.docx`,
      ].join('\n\n'),
      glossary: `curl -X POST '${base}/v2/glossaries' \\\n  ${deeplKey} \\\n  --data-urlencode 'name=Product names' \\\n  --data-urlencode 'source_lang=en' --data-urlencode 'target_lang=ar' \\\n  --data-urlencode 'entries_format=tsv' \\\n  --data-urlencode $'entries=invoice\\tفاتورة'`,
    },
    libre: {
      translate: `curl -X POST '${base}/translate' \\\n  --header 'Content-Type: application/json' \\\n  --data '{"q": "Hello, world!", "source": "auto", "target": "ar", "format": "text", "api_key": "${key}"}'`,
      detect: `curl -X POST '${base}/detect' \\\n  --header 'Content-Type: application/json' \\\n  --data '{"q": "مرحبا بكم", "api_key": "${key}"}'`,
      file: `curl -X POST '${base}/translate_file' \\\n  --form 'file=@report.docx' --form 'source=en' --form 'target=ar' \\\n  --form 'api_key=${key}'`,
    },
  };
}
