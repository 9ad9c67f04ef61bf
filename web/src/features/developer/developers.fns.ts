/**
 * The curl examples of the Developers page, for a server address (the page's own origin);
 * `notes` are the comment lines in the reader's language.
 */
export function curlExamples(base: string, notes: { documentNext: string }) {
  const key = 'YOUR_API_KEY';
  return {
    deepl: {
      translate: `curl -X POST '${base}/v2/translate' \\\n  --header 'Authorization: DeepL-Auth-Key ${key}' \\\n  --data-urlencode 'text=Hello, world!' \\\n  --data-urlencode 'target_lang=AR'`,
      batch: `curl -X POST '${base}/v2/translate' \\\n  --header 'Authorization: DeepL-Auth-Key ${key}' \\\n  --header 'Content-Type: application/json' \\\n  --data '{"text": ["Good morning.", "<p>Thank <b>you</b></p>"], "target_lang": "AR", "tag_handling": "html"}'`,
      usage: `curl '${base}/v2/usage' \\\n  --header 'Authorization: DeepL-Auth-Key ${key}'`,
      document: `curl -X POST '${base}/v2/document' \\\n  --header 'Authorization: DeepL-Auth-Key ${key}' \\\n  --form 'file=@report.docx' \\\n  --form 'target_lang=AR'\n# ${notes.documentNext}`,
      glossary: `curl -X POST '${base}/v2/glossaries' \\\n  --header 'Authorization: DeepL-Auth-Key ${key}' \\\n  --data-urlencode 'name=Product names' \\\n  --data-urlencode 'source_lang=en' --data-urlencode 'target_lang=ar' \\\n  --data-urlencode 'entries_format=tsv' \\\n  --data-urlencode $'entries=invoice\\tفاتورة'`,
    },
    libre: {
      translate: `curl -X POST '${base}/translate' \\\n  --header 'Content-Type: application/json' \\\n  --data '{"q": "Hello, world!", "source": "auto", "target": "ar", "format": "text", "api_key": "${key}"}'`,
      detect: `curl -X POST '${base}/detect' \\\n  --header 'Content-Type: application/json' \\\n  --data '{"q": "مرحبا بكم", "api_key": "${key}"}'`,
      file: `curl -X POST '${base}/translate_file' \\\n  --form 'file=@report.docx' --form 'source=en' --form 'target=ar' \\\n  --form 'api_key=${key}'`,
    },
  };
}
