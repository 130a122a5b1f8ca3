/**
 * The head of a comment or hyperlink: avatar (the author's initials when it cannot be loaded),
 * author and date (day/month/year, the clock of the reader's language). The name stays on one line (cut with an ellipsis, whole in its tooltip) and the date goes under it,
 * so neither runs under the card's delete button; in a narrow card the time wraps under the day.
 */
import { formatDate, formatDateTime, formatTime } from '../../../i18n/dateTime';
import { useLocale } from '../../app/I18nProvider';
import { Avatar } from '../../common/Avatar';

export function AuthorLine({ name, avatarUrl, date }: { name: string; avatarUrl: string; date: Date }) {
  const locale = useLocale();
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <Avatar src={avatarUrl || '/avatar-default.svg'} name={name} size={28} />
      <div className="flex min-w-0 flex-col">
        <span dir="auto" title={name} className="truncate font-semibold text-fg">
          {name}
        </span>
        {/* The day and the time each whole; in a narrow card the time goes under the day. */}
        <time dateTime={date.toISOString()} title={formatDateTime(date, locale)} className="text-xs text-fg-subtle">
          <span className="whitespace-nowrap">{formatDate(date)}</span> <span className="whitespace-nowrap">{formatTime(date, locale)}</span>
        </time>
      </div>
    </div>
  );
}
