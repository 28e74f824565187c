import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../lib/datetime';
import { useNow } from '../../../lib/useNow';

/**
 * How far the server's clock is ahead of this device's, from an answer's `serverNow` and the
 * moment it arrived: a phone with a wrong clock still counts down to the server's end.
 */
export const serverOffset = (serverNow: string, receivedAt: number) =>
  Date.parse(serverNow) - receivedAt;

/** Time left until `endsAt` on the server's clock, ticking each second; 'Ending…' at zero. */
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
