import { useEffect, useId, useRef, useState } from 'react';
import { Isolated } from '../../components/isolated';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { AdminTable, type AdminTableColumn } from '../../components/admin-table';
import { copyText } from '../../components/copy-text';
import { TextField } from '../../components/form-field';
import { formatDate, formatDateTime, isolate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useCurrentUser } from '../account/use-current-user';
import { plansPathFor } from '../auth/roles';
import { MAX_ACTIVE_API_KEYS } from '../../../../contract/limits';
import { keysByState } from './api-keys.fns';
import { RevokedKeysToggle } from './revoked-keys-toggle';
import { useApiKeyActions, useApiKeys, type ApiKey } from './use-api-keys';
import './developer.css';

/** Account settings, "API keys": create (the key is shown once), list with last use and usage, revoke. */
export function ApiKeysPage() {
  const { t } = useTranslation('developer');
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const user = useCurrentUser();
  const list = useApiKeys();
  const { create, revoke } = useApiKeyActions();
  const { showDialog, showError, ask } = useDialog();
  const [name, setName] = useState('');
  const [team, setTeam] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  // What the Copy button said: copied, or (no clipboard: an insecure origin, a refused permission) select it yourself.
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  // The create button is disabled while it saves, which drops the focus: on to the new key's Copy button, the next step.
  useEffect(() => {
    if (created) copyButton.current?.focus();
  }, [created]);
  const speaksForTeam = Boolean(user.data?.team) && ['3', '4'].includes(String(user.data?.role_id));
  const allowed = user.data?.api_enabled !== false;
  // An administrator's account buys no plan: its own plan is changed in the admin area.
  const plansLink = plansPathFor(user.data);
  const { active, revoked } = keysByState(list.data ?? []);
  // Revoked keys (personal and team ones alike) are listed only on request.
  const [showRevoked, setShowRevoked] = useState(false);
  const revokedId = useId();
  // The server refuses a key past the owner's limit (409); the form says so before.
  const atLimit = active.filter((key) => key.team === team).length >= MAX_ACTIVE_API_KEYS;

  const revokeKey = async (key: ApiKey) => {
    if (!(await ask({ ...t('keys.confirmRevoke', { returnObjects: true, name: isolate(key.name) }), tone: 'danger', testId: 'confirm-revoke-key' }))) return;
    revoke.mutate(key.id, { onSuccess: (answer) => showDialog({ modalType: 'success', message: answer.message }), onError: (error) => showError(error) });
  };

  const columns = (withActions: boolean): AdminTableColumn[] => [
    { key: 'name', label: t('keys.columns.name') },
    { key: 'key', label: t('keys.columns.key') },
    { key: 'created', label: t('keys.columns.created') },
    { key: 'lastUsed', label: t('keys.columns.lastUsed') },
    { key: 'usage', label: t('keys.columns.usage') },
    { key: 'status', label: t('keys.columns.status') },
    ...(withActions ? [{ key: 'actions', label: t('keys.columns.actions'), hiddenLabel: true }] : []),
  ];
  const row = (key: ApiKey) => (
    <tr key={key.id} data-testid="api-key-row">
      <td data-label={t('keys.columns.name')}>
        <Isolated kind="name">{key.name}</Isolated> {key.team && <span className="pill">{t('keys.team')}</span>}
      </td>
      <td data-label={t('keys.columns.key')}>
        <code dir="ltr">{key.prefix}…</code>
      </td>
      <td className="small" data-label={t('keys.columns.created')}>{formatDate(key.created_at, language)}</td>
      <td className="small" data-label={t('keys.columns.lastUsed')}>{key.last_used_at ? formatDateTime(key.last_used_at, language) : t('keys.never')}</td>
      <td className="small" data-testid="api-key-usage" data-label={t('keys.columns.usage')}>
        {[t('keys.usageRequests', { count: key.usage.requests }), t('keys.usageCharacters', { count: key.usage.characters }), t('keys.usageDocuments', { count: key.usage.documents })].join(' · ')}
      </td>
      <td data-label={t('keys.columns.status')}>{key.revoked_at ? <span className="muted">{t('keys.revoked')}</span> : t('keys.active')}</td>
      {!key.revoked_at && (
        <td>
          <button type="button" className="button button--outline button--small" disabled={revoke.isPending} onClick={() => void revokeKey(key)}>
            {t('keys.revoke')}
          </button>
        </td>
      )}
    </tr>
  );

  return (
    <section className="container page-section">
      <div className="panel api-keys" data-testid="api-keys">
        <h1>{tc('pages.apiKeys.title')}</h1>
        <p className="muted">
          {t('keys.intro')} <Link to="/developers">{t('keys.docsLink')}</Link>
        </p>
        {!allowed && (
          <p className="api-keys__upgrade" data-testid="api-keys-upgrade">
            {t('keys.upgrade')} <Link to={plansLink.to}>{plansLink.label === 'adminArea' ? t('keys.adminArea') : plansLink.label === 'team' ? t('keys.teamLink') : t('keys.upgradeLink')}</Link>
          </p>
        )}
        <form
          className="api-keys__form"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              { name, team },
              {
                onSuccess: (answer) => {
                  setCreated({ name: answer.name, key: answer.key });
                  setCopied(null);
                  setName('');
                },
                onError: (error) => showError(error),
              },
            );
          }}
        >
          <TextField ref={nameInput} label={t('keys.name')} value={name} onChange={setName} placeholder={t('keys.namePlaceholder')} maxLength={80} required dir="auto" data-testid="api-key-name" />
          {speaksForTeam && (
            <label className="api-keys__team">
              <input type="checkbox" checked={team} onChange={(event) => setTeam(event.target.checked)} /> {t('keys.teamKey')}
            </label>
          )}
          <button type="submit" className="button button--primary" disabled={create.isPending || !allowed || atLimit} data-testid="api-key-create">
            {t('keys.create')}
          </button>
        </form>
        {allowed && atLimit && (
          <p className="api-keys__limit" role="status" data-testid="api-keys-limit">
            {t(team ? 'keys.teamAtLimit' : 'keys.atLimit', { max: MAX_ACTIVE_API_KEYS })}
          </p>
        )}

        {created && (
          <div className="api-keys__new" role="status" data-testid="api-key-new">
            <h2>{t('keys.newKeyTitle')}</h2>
            <p>{t('keys.newKeyHelp')}</p>
            <code className="api-keys__secret" dir="ltr" data-testid="api-key-secret">
              {created.key}
            </code>
            <div className="api-keys__new-actions">
              <button
                ref={copyButton}
                type="button"
                className="button button--outline"
                data-testid="api-key-copy"
                onClick={() => void copyText(created.key).then((done) => setCopied(done ? 'copied' : 'failed'))}
              >
                {copied === 'copied' ? t('keys.copied') : t('keys.copy')}
              </button>
              <button
                type="button"
                className="button button--primary"
                data-testid="api-key-done"
                onClick={() => {
                  setCreated(null);
                  // The box goes with the button that had the focus: back to the name, for another key.
                  nameInput.current?.focus();
                }}
              >
                {t('keys.done')}
              </button>
            </div>
            {copied === 'failed' && (
              <p className="small" data-testid="api-key-copy-failed">
                {t('keys.copyFailed')}
              </p>
            )}
          </div>
        )}

        <AdminTable
          pending={list.isPending}
          count={active.length}
          // Revoked keys only: none is in use (the revoked ones are behind the control below).
          empty={revoked.length ? t('keys.noActive') : t('keys.empty')}
          emptyTestId="api-keys-empty"
          testId="api-keys-table"
          columns={columns(true)}
        >
          {active.map(row)}
        </AdminTable>

        {revoked.length > 0 && (
          <div className="api-keys__revoked">
            <RevokedKeysToggle count={revoked.length} open={showRevoked} controls={revokedId} onToggle={() => setShowRevoked((open) => !open)} />
            <div id={revokedId} hidden={!showRevoked}>
              {showRevoked && (
                <AdminTable pending={false} count={revoked.length} empty={null} testId="api-keys-revoked-table" columns={columns(false)}>
                  {revoked.map(row)}
                </AdminTable>
              )}
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
