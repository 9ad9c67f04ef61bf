import { useSearchParams } from 'react-router';
import { Translator } from './translator';

/** /translate: the translator on its own page; `?project=<id>` re-opens a history entry. */
export function TranslatorPage() {
  const [params] = useSearchParams();
  return (
    <section className="container page-section">
      <Translator projectId={params.get('project')} headingLevel="h1" />
    </section>
  );
}
