// Passkeys: several per account, each named, renamed or removed here; they sign in without a password or serve as
// the second step after one.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyName, firstMessage, type PasskeyRecord } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { DateTime } from '../../components/ui/date-time';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { addPasskey, fetchPasskeys, removePasskey, renamePasskey, securityKeys } from './api';

const checkedName = (value: string) => {
  const parsed = passkeyName.safeParse(value);
  if (!parsed.success) toast.error(firstMessage(parsed.error));
  return parsed.success ? parsed.data : null;
};

function PasskeyItem({ passkey }: { passkey: PasskeyRecord }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(passkey.name);
  const { confirm, dialog } = useConfirm();
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys });
  const onError = (err: unknown) => toast.error(errorMessage(err, 'Something went wrong'));
  const rename = useMutation({ mutationFn: (n: string) => renamePasskey(passkey._id, n), onSuccess: (d) => toast.success(d.message), onError, onSettled: refresh });
  const remove = useMutation({ mutationFn: () => removePasskey(passkey._id), onSuccess: (d) => toast.success(d.message), onError, onSettled: refresh });

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
          <Input label={`Name of passkey “${passkey.name}”`} value={name} onChange={(e) => setName(e.target.value)} maxLength={64} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary" disabled={name.trim() === passkey.name || rename.isPending}>
            Rename
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={async () => {
              if (await confirm({ title: `Remove the passkey “${passkey.name}”?`, message: 'It will no longer sign you in.', confirmLabel: 'Remove', tone: 'danger' })) remove.mutate();
            }}
          >
            Remove
          </Button>
        </div>
      </form>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Added <DateTime iso={passkey.createdAt} />
        {passkey.lastUsedAt ? (
          <>
            {' '}· last used <DateTime iso={passkey.lastUsedAt} />
          </>
        ) : (
          ' · not used yet'
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
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: (d) => {
      toast.success(d.message);
      setName('');
    },
    onError: (err) => toast.error(errorMessage(err, 'The passkey was not added')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys }),
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold">Passkeys</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        A passkey on this device or a security key signs you in without a password, and can replace the code after one.
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
          <Input label="New passkey’s name" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. My laptop" maxLength={64} />
        </div>
        <Button type="submit" disabled={add.isPending}>
          Add a passkey
        </Button>
      </form>
      {list.isPending && <p role="status" className="mt-4 text-sm">Loading passkeys…</p>}
      {list.isError && <p className="mt-4 text-sm">Could not load your passkeys.</p>}
      {list.data && list.data.length === 0 && <p className="mt-4 text-sm">No passkeys yet.</p>}
      {list.data && list.data.length > 0 && (
        <ul aria-label="Your passkeys" className="mt-4 flex flex-col gap-4">
          {list.data.map((p) => (
            <PasskeyItem key={`${p._id}:${p.name}`} passkey={p} />
          ))}
        </ul>
      )}
    </Card>
  );
}
