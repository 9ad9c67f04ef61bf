import { statusMessage } from '../../../../contract/common';
import { autoDeleteRequest, autoDeleteSaved, autoDeleteSettings, deletedAll, deleteHistoryEntryRequest, historyEntryDetail, historyPage } from '../../../../contract/history';
import { requireActor } from '../../http/access';
import { resolveLocale } from '../../http/locale';
import { answers, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import { historyListSchema, projectParamSchema } from './schemas';
import type { TeamsService } from '../teams/service';
import type { HistoryService } from './service';

export function historyRoutes(app: App, deps: { history: HistoryService; teams: Pick<TeamsService, 'managedTeamId'> }) {
  const config = { access: 'verified' as const };

  app.get('/api/user/translation-history', { config, schema: answers(historyPage) }, async (request) => {
    const { scope, ...filter } = parseInput(historyListSchema, request.query);
    const actor = requireActor(request);
    // The team's view selects by the entries' team, so a removed member's work stays in it.
    return deps.history.list(scope === 'team' ? { teamId: await deps.teams.managedTeamId(actor) } : { userId: actor.user.id }, filter);
  });

  app.get('/api/user/translation-history/:projectId', { config, schema: answers(historyEntryDetail) }, async (request) => ({
    data: await deps.history.get(requireActor(request).user.id, parseInput(projectParamSchema, request.params).projectId),
  }));

  app.post('/api/user/translation-history/delete', { config, schema: answers(statusMessage) }, async (request) => {
    await deps.history.remove(requireActor(request).user.id, parseInput(deleteHistoryEntryRequest, request.body).project_id);
    return { status: 200, message: t(resolveLocale(request), 'history.deleted') };
  });

  app.post('/api/user/translation-history/delete/all', { config, schema: answers(deletedAll) }, async (request) => {
    const deleted = await deps.history.removeAll(requireActor(request).user.id);
    return { status: 200, message: t(resolveLocale(request), 'history.deleted_all'), deleted };
  });

  app.get('/api/user/auto-delete-settings', { config, schema: answers(autoDeleteSettings) }, async (request) => ({
    data: { auto_delete: await deps.history.getSettings(requireActor(request).user.id) },
  }));

  app.post('/api/user/auto-delete-settings', { config, schema: answers(autoDeleteSaved) }, async (request) => {
    const { auto_delete } = parseInput(autoDeleteRequest, request.body);
    await deps.history.saveSettings(requireActor(request).user.id, auto_delete);
    return { status: 200, message: t(resolveLocale(request), 'history.settings_saved'), data: { auto_delete } };
  });
}
