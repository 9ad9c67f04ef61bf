/**
 * The LLM mode: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI's
 * compatible route, vLLM, Ollama, llama.cpp server, LiteLLM, ...), English<->Arabic only.
 *
 *   POST {LLM_BASE_URL}/chat/completions   Authorization: Bearer {LLM_API_KEY}
 *   {"model", "messages": [system, user], "temperature": 0,
 *    "response_format": {"type": "json_schema", "json_schema": {...}}}
 *   200 {"choices": [{"message": {"content": "{\"translations\": [...]}"}, "finish_reason": "stop"}]}
 *
 * Segments go in as JSON with ids and come back as JSON with the same ids, so a model that
 * merges, splits or skips a segment is caught: the call is retried once, then fails with a
 * (non-retryable) EngineError. Servers that do not support json_schema get json_object.
 */
import { EngineError, type Lang, type Segment, type TranslationEngine, type TranslationJob } from '../types';
import { planBatches } from '../../text/toolkit';
import { requestJson } from '../remote/http';
import { isEnglishArabicPair, prepareSegments } from '../remote/segments';
import { ANSWER_SCHEMA, parseAnswer, systemPrompt, termsInUse, userMessage } from './prompt';

export interface LlmOptions {
  /** Base URL including the version path, e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Segments per request (default 40). */
  batchSize?: number;
}

interface ChatCompletion {
  choices?: { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }[];
}

type ResponseFormat = 'json_schema' | 'json_object';

export class LlmEngine implements TranslationEngine {
  readonly id = 'llm';
  private responseFormat: ResponseFormat = 'json_schema';

  constructor(private readonly options: LlmOptions) {}

  supports(source: Lang, target: Lang): boolean {
    return isEnglishArabicPair(source, target);
  }

  async translate(segments: Segment[], job: TranslationJob): Promise<string[]> {
    if (!this.supports(job.source, job.target)) {
      throw new EngineError(this.id, `LLM mode is English<->Arabic only (${job.source}->${job.target})`, false);
    }
    const prepared = prepareSegments(segments);
    const items = prepared.cores.map((text, i) => ({ id: i + 1, text }));
    const results: string[] = [];
    for (const batch of planBatches(prepared.cores, { maxSegments: this.options.batchSize ?? 40, maxChars: 8000 })) {
      results.push(...(await this.translateGroup(batch.segmentIndexes.map((i) => items[i]!), job)));
    }
    return prepared.rebuild(results);
  }

  private async translateGroup(group: { id: number; text: string }[], job: TranslationJob): Promise<string[]> {
    const terms = termsInUse(job.glossary, group.map((g) => g.text));
    const messages = [
      { role: 'system', content: systemPrompt(job.source, job.target, job.domain, terms) },
      { role: 'user', content: userMessage(group) },
    ];
    const ids = group.map((g) => g.id);
    let reason = '';
    for (let attempt = 1; attempt <= 2; attempt++) {
      const content = await this.complete(messages, job.signal);
      const answer = content.truncated ? { ok: false as const, reason: 'the answer was cut off (max tokens)' } : parseAnswer(content.text, ids);
      if (answer.ok) return answer.translations;
      reason = answer.reason;
    }
    throw new EngineError(this.id, `The LLM answer did not line up with the segments twice: ${reason}`, false);
  }

  private async complete(messages: { role: string; content: string }[], signal?: AbortSignal): Promise<{ text: string; truncated: boolean }> {
    const call = (format: ResponseFormat) =>
      requestJson(this.id, `${this.options.baseUrl}/chat/completions`, {
        headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
        body: {
          model: this.options.model,
          messages,
          temperature: 0,
          response_format:
            format === 'json_schema'
              ? { type: 'json_schema', json_schema: { name: 'translations', strict: true, schema: ANSWER_SCHEMA } }
              : { type: 'json_object' },
        },
        signal,
        timeoutMs: this.options.timeoutMs,
        errorMessage: (b) => {
          const error = (b as { error?: { message?: unknown } | string })?.error;
          return typeof error === 'string' ? error : typeof error?.message === 'string' ? error.message : undefined;
        },
      }) as Promise<ChatCompletion>;

    let body: ChatCompletion;
    try {
      body = await call(this.responseFormat);
    } catch (error) {
      // A server without structured outputs says so with a 400 about response_format.
      if (
        this.responseFormat === 'json_schema' &&
        error instanceof EngineError &&
        /answered 400: .*(response_format|json_schema)/i.test(error.message)
      ) {
        this.responseFormat = 'json_object';
        body = await call('json_object');
      } else throw error;
    }
    const choice = body.choices?.[0];
    if (choice?.message?.refusal) throw new EngineError(this.id, `The LLM refused: ${choice.message.refusal}`, false);
    if (typeof choice?.message?.content !== 'string') throw new EngineError(this.id, 'The LLM answer has no message content', false);
    return { text: choice.message.content, truncated: choice.finish_reason === 'length' };
  }
}
