import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { promoCopy } from '../../../i18n/ja-admin-promotions';
import { adminChange, adminGet } from '../api/admin-api';
import { useChange } from './use-change';
import { type FieldReader, unchanged, useFormChanges } from './use-form-changes';

/** A row the console edits against the version it was read at (the server answers 409 when it moved). */
interface VersionedRow {
  id: number;
  version?: number;
}

interface EditorOptions<Row> {
  /** The list's query key under `['admin', …]`, also what a change invalidates. */
  key: string;
  /** The collection's path under `/api/admin` (`/bundles`): GET lists, POST creates, PUT `/{id}` saves. */
  path: string;
  /** Called when the row being edited changes (a page's own form state follows it). */
  onEdit?: (row: Row | null) => void;
  /** The list's filter (`?state=running`), part of its query key. */
  query?: Record<string, string | undefined>;
}

interface SaveOptions<Result> {
  /** The notice after a change; 保存しました / 作成しました otherwise. */
  notice?: (result: Result) => string | null;
  /** Start a fresh form after a change went through (the default): `formKey` moves, so the form mounts again. */
  reset?: boolean;
  /** How a refused change is told; the server's field errors by default (`changeError`). */
  describe?: (error: unknown) => string;
}

/**
 * One console editor of versioned rows: the list (TanStack Query), the row being edited, saving the
 * form (POST new with every field; PUT with the row's `version` and only the fields the operator
 * changed, `use-form-changes.ts`), a row's own action (end, stop, hide), each change's notice or
 * error in Japanese (`useChange`), and the list read again after every change.
 */
export function useVersionedEditor<Row extends VersionedRow, List>({ key, path, onEdit, query }: EditorOptions<Row>) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: query ? ['admin', key, query] : ['admin', key], queryFn: () => adminGet<List>(path, query) });
  const change = useChange();
  const rowChange = useChange();
  const { formRef, changes } = useFormChanges();
  const [editing, setEditing] = useState<Row | null>(null);
  const [saves, setSaves] = useState(0);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', key] });

  function edit(row: Row | null) {
    setEditing(row);
    onEdit?.(row);
  }

  async function save<Result>(body: object, { notice, reset = true, describe }: SaveOptions<Result> = {}): Promise<Result | null> {
    const row = editing;
    const told = (edited: boolean) => (result: Result) =>
      notice ? notice(result) : edited ? promoCopy('common.saved') : promoCopy('common.created');
    const done = row
      ? await change.run(() => adminChange<Result>('PUT', `${path}/${row.id}`, { ...body, version: row.version }), told(true), describe)
      : await change.run(() => adminChange<Result>('POST', path, body), told(false), describe);
    if (done && reset) {
      edit(null);
      setSaves((n) => n + 1);
    }
    await reload();
    return done;
  }

  /** The form's submit handler: a new row's fields read by `read`, or the edited row's changed ones, then saved. */
  function submit<Result>(read: FieldReader<object>, options?: SaveOptions<Result>) {
    return (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const body = editing ? changes(e.currentTarget, read) : read(new FormData(e.currentTarget));
      if (editing && unchanged(body)) change.say(promoCopy('common.unchanged'));
      else void save(body, options);
    };
  }

  /** A row's own change (`POST {path}/{id}/{action}` with its version and `extra`), then the list again. */
  async function act(row: Row, action: string, notice: string, extra: object = {}) {
    const done = await rowChange.run(
      () =>
        adminChange('POST', `${path}/${row.id}/${action}`, { ...(row.version === undefined ? {} : { version: row.version }), ...extra }),
      () => notice,
    );
    await reload();
    return done;
  }

  /** The form's React key: the row being edited, and a new one after each save. */
  const formKey = `${editing?.id ?? 'new'}:${saves}`;

  /** What `EditorForm` takes from the editor: `<EditorForm createLabel=… {...editor.form(read)}>`. */
  function form<Result>(read: FieldReader<object>, options?: SaveOptions<Result>) {
    return { editing, formKey, formRef, onSubmit: submit(read, options), onCancel: () => edit(null), change };
  }
  return { list, change, rowChange, editing, edit, submit, act, formKey, formRef, form };
}
