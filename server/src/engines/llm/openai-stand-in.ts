/**
 * A loopback stand-in for an OpenAI-compatible /chat/completions endpoint: Bearer auth,
 * chat.completion objects, {"error": {message, type, param, code}} on failure. It "translates"
 * the segments of the user message word by word and answers in the requested JSON form.
 * `misbehave` lets a test make it drift (skip, merge, garble) like a real model sometimes does.
 */
import { fakeTranslate, translateMarkup } from '../remote/test-servers/fake-mt';
import type { Handler, Reply } from '../remote/test-servers/stand-in';

export type Misbehaviour = 'drop-last' | 'merge' | 'not-json' | 'fenced' | 'extra-id' | 'truncated' | 'refusal';

export interface OpenAiStandInOptions {
  apiKey: string;
  /** When false, json_schema response formats get a 400 (like servers that only know json_object). */
  supportsJsonSchema?: boolean;
  /** Each request takes the next misbehaviour (undefined = behave). */
  misbehave?: (Misbehaviour | undefined)[];
}

function openAiError(status: number, message: string, type: string, param: string | null = null, code: string | null = null): Reply {
  return { status, body: { error: { message, type, param, code } } };
}

function completion(model: string, content: string | null, finishReason = 'stop', refusal: string | null = null): Reply {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-standin',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal }, logprobs: null, finish_reason: finishReason }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    },
  };
}

export function openAiHandler(options: OpenAiStandInOptions): Handler {
  return ({ method, path, headers, body }) => {
    if (method !== 'POST' || path !== '/v1/chat/completions') return openAiError(404, 'Not found', 'invalid_request_error');
    if (headers.authorization !== `Bearer ${options.apiKey}`) {
      return openAiError(401, 'Incorrect API key provided.', 'invalid_request_error', null, 'invalid_api_key');
    }
    if (!body?.model) return openAiError(400, 'you must provide a model parameter', 'invalid_request_error', 'model');
    if (!Array.isArray(body.messages) || !body.messages.length) {
      return openAiError(400, "Missing required parameter: 'messages'.", 'invalid_request_error', 'messages');
    }
    const format = body.response_format?.type;
    if (format === 'json_schema' && options.supportsJsonSchema === false) {
      return openAiError(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", 'invalid_request_error', 'response_format');
    }
    if (format !== 'json_schema' && format !== 'json_object') return openAiError(400, 'This stand-in only answers JSON', 'invalid_request_error');
    if (format === 'json_object' && !body.messages.some((m: { content: string }) => /json/i.test(m.content))) {
      return openAiError(400, "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.", 'invalid_request_error', 'messages');
    }

    const system: string = body.messages.find((m: { role: string }) => m.role === 'system')?.content ?? '';
    const [, source, target] = /from (English|Arabic) to (English|Arabic)/.exec(system) ?? [];
    const code = (name?: string) => (name === 'Arabic' ? 'ar' : 'en');
    // Glossary lines "- source => target" are applied, like a model following instructions.
    const glossary = [...system.matchAll(/^- (.+) => (.+)$/gm)].map((m) => [m[1]!, m[2]!] as const);
    const translate = (text: string) => {
      let out = text;
      for (const [from, to] of glossary) out = out.replace(new RegExp(from, 'gi'), `\u0000${to}\u0000`);
      return out
        .split('\u0000')
        .map((part, i) => (i % 2 ? part : translateMarkup(part, (t) => fakeTranslate(t, code(source), code(target)), () => false, () => false) ?? part))
        .join('');
    };
    const segments: { id: number; text: string }[] = JSON.parse(body.messages.at(-1).content).segments;
    let translations = segments.map((s) => ({ id: s.id, translation: translate(s.text) }));

    const misbehaviour = options.misbehave?.shift();
    switch (misbehaviour) {
      case 'drop-last':
        translations = translations.slice(0, -1);
        break;
      case 'merge':
        translations = [{ id: translations[0]!.id, translation: translations.map((t) => t.translation).join(' ') }];
        break;
      case 'extra-id':
        translations.push({ id: 999, translation: 'surplus' });
        break;
      case 'not-json':
        return completion(body.model, 'Sure! Here are your translations: ...');
      case 'truncated':
        return completion(body.model, JSON.stringify({ translations }).slice(0, 20), 'length');
      case 'refusal':
        return completion(body.model, null, 'stop', "I'm sorry, I can't help with that.");
      case 'fenced':
        return completion(body.model, `\`\`\`json\n${JSON.stringify({ translations })}\n\`\`\``);
      case undefined:
        break;
    }
    return completion(body.model, JSON.stringify({ translations }));
  };
}
