import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../lib/datetime';
import { useNow } from '../../../lib/useNow';

/**
 * Time left until `endsAt` on the server's clock (`offset`: see serverOffset), ticking each second
 * on the one shared clock; 'Ending…' at zero.
 */
export function Countdown({
  endsAt,
  offset,
  className,
}: {
  endsAt: string;
  offset: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const left = Date.parse(endsAt) - (now + offset);
  return (
    <span className={className} role="timer">
      {left > 0 ? t('auctions.timeLeft', { time: formatDuration(left) }) : t('auctions.ending')}
    </span>
  );
}
