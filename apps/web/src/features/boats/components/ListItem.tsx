import Button from 'antd-mobile/es/components/button';
import SwipeAction from 'antd-mobile/es/components/swipe-action';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { listItemStyles } from '../../../lib/ui/EditableListPage';
import styles from './boats.module.css';

/**
 * One boat or cold room of a list: its thumbnail, title and details. Swiping it left shows Edit
 * and Delete; the same two are buttons on the card too, for whoever does not think of swiping.
 */
export function ListItem({
  id,
  thumbUrl,
  title,
  details,
  extra,
  inactive = false,
  onEdit,
  onDelete,
}: {
  id: string;
  thumbUrl: string | null;
  title: string;
  details: ReactNode;
  /** Before the buttons on the card's last line (the cold room's active switch). */
  extra?: ReactNode;
  inactive?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const headingId = `item-${id}`;
  return (
    <li>
      <SwipeAction
        className={styles.swipe}
        rightActions={[
          { key: 'edit', text: t('boats.edit'), color: 'primary', onClick: onEdit },
          { key: 'delete', text: t('boats.delete'), color: 'danger', onClick: onDelete },
        ]}
      >
        <article
          className={inactive ? `${listItemStyles.card} ${styles.inactive}` : listItemStyles.card}
          aria-labelledby={headingId}
        >
          <div className={styles.row}>
            {thumbUrl ? (
              <img className={styles.thumb} src={thumbUrl} alt="" loading="lazy" />
            ) : (
              <span className={styles.thumb} aria-hidden="true">
                <PictureOutline />
              </span>
            )}
            <div className={styles.text}>
              <h2 id={headingId} className={styles.title}>
                {title}
              </h2>
              <div className={styles.meta}>{details}</div>
            </div>
          </div>
          <div className={listItemStyles.actions}>
            {extra}
            <Button size="small" fill="none" color="primary" onClick={onEdit}>
              {t('boats.edit')}
            </Button>
            <Button size="small" fill="none" color="danger" onClick={onDelete}>
              {t('boats.delete')}
            </Button>
          </div>
        </article>
      </SwipeAction>
    </li>
  );
}
