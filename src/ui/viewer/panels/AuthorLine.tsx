/** The head of a comment or hyperlink: avatar, author and date (day/month/year, 12-hour clock). */
import { formatDateTime } from '../../../i18n/dateTime';

export function AuthorLine({ name, avatarUrl, date }: { name: string; avatarUrl: string; date: Date }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <img src={avatarUrl || '/avatar-default.svg'} alt="" width={28} height={28} className="size-7 rounded-full border border-border object-cover" />
      <span className="font-semibold text-fg">{name}</span>
      <time dateTime={date.toISOString()} className="text-xs text-fg-subtle">
        {formatDateTime(date)}
      </time>
    </div>
  );
}
