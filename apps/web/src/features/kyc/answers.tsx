// A submission's typed answers (files apart), each under its field's label in the language on screen.
import type { KycSubmission } from '@app/contract';
import { answerText, labelOf } from './api';

export function Answers({ submission, className = '' }: { submission: Pick<KycSubmission, 'form' | 'answers'>; className?: string }) {
  return (
    <dl className={`grid gap-1 text-sm ${className}`}>
      {submission.form.fields
        .filter((f) => f.kind !== 'file')
        .map((f) => (
          <div key={f.key} className="grid min-w-0 grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-2">
            <dt className="text-slate-600 dark:text-slate-300">{labelOf(f)}</dt>
            <dd className="break-words">{answerText(f, submission.answers[f.key])}</dd>
          </div>
        ))}
    </dl>
  );
}
