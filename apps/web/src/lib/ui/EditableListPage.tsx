import Button from 'antd-mobile/es/components/button';
import { PullToRefresh } from './PullToRefresh';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { errorText, showError } from '../errors';
import { toast } from '../toast';
import { BottomSheet, useSheet } from './BottomSheet';
import { PageMessage } from './PageMessage';
import styles from './editableList.module.css';
import page from './page.module.css';
import { useConfirm } from './useConfirm';

/** The classes of an item's card and of its line of buttons, for the feature's item. */
export const listItemStyles = { card: styles.card, actions: styles.actions };

/** What the page says, in the feature's words. */
export interface EditableListTexts<T> {
  /** The list failed to load. */
  failed: string;
  empty: string;
  emptyHint: string;
  /** The list's accessible name. */
  list: string;
  add: string;
  /** The question before a delete. */
  deleteConfirm: (item: T) => string;
  delete: string;
}

/**
 * A page of the merchant's records that they add, edit and delete (boats, cold rooms, printers):
 * loading, failed with Retry, empty with Add, or the list with Add under it; Edit and Add open
 * the feature's form in a sheet, Delete asks first. The feature gives what differs: its query,
 * its words, how an item looks and its form.
 */
export function EditableListPage<
  D,
  T extends { id: string } = D extends readonly (infer U extends { id: string })[] ? U : never,
>({
  query,
  items = (data) => data as unknown as readonly T[],
  remove,
  texts,
  emptyIcon,
  intro,
  header,
  showList = () => true,
  pullToRefresh = true,
  renderItem,
  renderForm,
  preloadForm,
}: {
  query: UseQueryResult<D>;
  /** The records in what the query answers (by default, the answer itself). */
  items?: (data: D) => readonly T[];
  /** Deletes a record by id. */
  remove: Pick<UseMutationResult<unknown, Error, string>, 'mutate'>;
  texts: EditableListTexts<T>;
  emptyIcon: ReactNode;
  /** Above everything, loaded or not. */
  intro?: ReactNode;
  /** Above the list once loaded (a setting the list depends on). */
  header?: (data: D) => ReactNode;
  /** Whether the list (or its empty state) shows at all. */
  showList?: (data: D) => boolean;
  pullToRefresh?: boolean;
  renderItem: (item: T, actions: { onEdit: () => void; onDelete: () => void }) => ReactNode;
  /** The add (`item` null) or edit form; `key` starts it afresh on each opening. */
  renderForm: (form: { key: number; item: T | null; data: D; onDone: () => void }) => ReactNode;
  /** Starts fetching a lazy form's code as its sheet opens, beside the sheet's own. */
  preloadForm?: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const sheet = useSheet<T>();
  const openForm = (item?: T) => {
    preloadForm?.();
    sheet.show(item);
  };

  const confirmDelete = async (item: T) => {
    const confirmed = await confirm({
      content: texts.deleteConfirm(item),
      confirmText: texts.delete,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    remove.mutate(item.id, {
      onSuccess: () => toast(t('success.deleted'), 'success'),
      onError: showError,
    });
  };

  const addButton = (
    <Button className={styles.add} block size="large" color="primary" onClick={() => openForm()}>
      <AddOutline aria-hidden="true" /> {texts.add}
    </Button>
  );

  let content: ReactNode;
  if (query.isPending) {
    content = <PageMessage className={page.state} loading title={t('common.loading')} />;
  } else if (query.isError) {
    content = (
      <PageMessage
        className={page.state}
        title={texts.failed}
        description={errorText(query.error) ?? t('messages.failed')}
        action={t('common.retry')}
        onAction={() => void query.refetch()}
      />
    );
  } else {
    const list = items(query.data);
    content = (
      <>
        {header?.(query.data)}
        {!showList(query.data) ? null : list.length === 0 ? (
          <PageMessage
            className={page.state}
            icon={emptyIcon}
            title={texts.empty}
            description={texts.emptyHint}
          >
            {addButton}
          </PageMessage>
        ) : (
          <>
            <ul className={styles.list} aria-label={texts.list}>
              {list.map((item) => (
                <Fragment key={item.id}>
                  {renderItem(item, {
                    onEdit: () => openForm(item),
                    onDelete: () => void confirmDelete(item),
                  })}
                </Fragment>
              ))}
            </ul>
            {addButton}
          </>
        )}
      </>
    );
  }

  const screen = (
    <div className={styles.screen}>
      {intro}
      {content}
    </div>
  );
  return (
    <>
      {pullToRefresh ? (
        <PullToRefresh onRefresh={() => query.refetch()}>{screen}</PullToRefresh>
      ) : (
        screen
      )}
      <BottomSheet visible={sheet.open} onClose={sheet.close}>
        {query.data === undefined
          ? null
          : renderForm({ key: sheet.key, item: sheet.item, data: query.data, onDone: sheet.close })}
      </BottomSheet>
    </>
  );
}
