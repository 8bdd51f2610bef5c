// Passkeys: several per account, each named, renamed or removed here; they sign in without a password or serve as
// the second step after one.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyName, firstMessage, type PasskeyRecord, type TEXT_MSG } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { DateTime } from '../../components/ui/date-time';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { msg, t, Trans } from '../../lib/i18n';
import { addPasskey, fetchPasskeys, removePasskey, renamePasskey, securityKeys } from './api';
import { isReauthCancelled, useReauth } from './reauth';
import { ListLoading } from '../../components/ui/list-state';

/** The name's refusal (one line, no control or direction character): marked for the i18n check, so
 * checkedName's t() shows it in the current language. */
const PASSKEY_NAME_MESSAGES = [
  msg('Passkey name must be one line of text without control or direction characters') satisfies typeof TEXT_MSG.passkeyName,
];
void PASSKEY_NAME_MESSAGES;

const checkedName = (value: string) => {
  const parsed = passkeyName.safeParse(value);
  if (!parsed.success) toast.error(t(firstMessage(parsed.error)));
  return parsed.success ? parsed.data : null;
};

function PasskeyItem({ passkey }: { passkey: PasskeyRecord }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(passkey.name);
  const { confirm, dialog } = useConfirm();
  const withReauth = useReauth();
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys });
  const onError = (err: unknown) => {
    if (!isReauthCancelled(err)) toast.error(errorMessage(err, t('Something went wrong')));
  };
  const rename = useMutation({ mutationFn: (n: string) => renamePasskey(passkey._id, n), onSuccess: (d) => toast.success(d.message), onError, onSettled: refresh });
  // Removing needs sudo mode: the password is asked for when the server says so, then it is removed.
  const remove = useMutation({ mutationFn: () => withReauth(() => removePasskey(passkey._id)), onSuccess: (d) => toast.success(d.message), onError, onSettled: refresh });

  return (
    <li className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const n = checkedName(name);
          if (n) rename.mutate(n);
        }}
      >
        <div className="grow">
          <Input label={t('Name of passkey “{name}”', { name: passkey.name })} value={name} onChange={(e) => setName(e.target.value)} maxLength={64} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary" disabled={name.trim() === passkey.name || rename.isPending}>
            {t('Rename')}
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={async () => {
              const ok = await confirm({
                title: t('Remove the passkey “{name}”?', { name: passkey.name }),
                message: t('It will no longer sign you in.'),
                confirmLabel: t('Remove'),
                tone: 'danger',
              });
              if (ok) remove.mutate();
            }}
          >
            {t('Remove')}
          </Button>
        </div>
      </form>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {passkey.lastUsedAt ? (
          <Trans
            id="Added <0/> · last used <1/>"
            components={{ 0: <DateTime iso={passkey.createdAt} />, 1: <DateTime iso={passkey.lastUsedAt} /> }}
          />
        ) : (
          <Trans id="Added <0/> · not used yet" components={{ 0: <DateTime iso={passkey.createdAt} /> }} />
        )}
      </p>
      {dialog}
    </li>
  );
}

export function PasskeysCard() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: securityKeys.passkeys, queryFn: fetchPasskeys });
  const [name, setName] = useState('');
  const withReauth = useReauth();
  const add = useMutation({
    // Adding needs sudo mode: after the password is confirmed the whole registration starts again.
    mutationFn: (n: string) => withReauth(() => addPasskey(n)),
    onSuccess: (d) => {
      toast.success(d.message);
      setName('');
    },
    onError: (err) => {
      if (!isReauthCancelled(err)) toast.error(errorMessage(err, t('The passkey was not added')));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys }),
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Passkeys')}</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t('A passkey on this device or a security key signs you in without a password, and can replace the code after one.')}
      </p>
      <form
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const n = checkedName(name);
          if (n) add.mutate(n);
        }}
      >
        <div className="grow">
          <Input label={t('New passkey’s name')} value={name} onChange={(e) => setName(e.target.value)} placeholder={t('e.g. My laptop')} maxLength={64} />
        </div>
        <Button type="submit" disabled={add.isPending}>
          {t('Add a passkey')}
        </Button>
      </form>
      {list.isPending && (
        <ListLoading label={t('Loading passkeys…')} />
      )}
      {list.isError && <p className="mt-4 text-sm">{t('Could not load your passkeys.')}</p>}
      {list.data && list.data.length === 0 && <p className="mt-4 text-sm">{t('No passkeys yet.')}</p>}
      {list.data && list.data.length > 0 && (
        <ul aria-label={t('Your passkeys')} className="mt-4 flex flex-col gap-4">
          {list.data.map((p) => (
            <PasskeyItem key={`${p._id}:${p.name}`} passkey={p} />
          ))}
        </ul>
      )}
    </Card>
  );
}
