import { formatDuration } from '../datetime';
import { useNow } from '../useNow';

/**
 * Time left until `until` on the server's clock (`offset`: see serverOffset), ticking each second
 * on the app's one shared clock: `running` words the time left (`m:ss`, or `h:mm:ss`), `over` is
 * what shows from zero on.
 */
export function Countdown({
  until,
  offset,
  running,
  over,
  className,
}: {
  until: string;
  offset: number;
  running: (time: string) => string;
  over: string;
  className?: string;
}) {
  const now = useNow();
  const left = Date.parse(until) - (now + offset);
  return (
    <span className={className} role="timer">
      {left > 0 ? running(formatDuration(left)) : over}
    </span>
  );
}
