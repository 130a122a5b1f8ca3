/**
 * Thins the converter's progress reports into socket status messages: a new activity and the end
 * always go out; within one activity, at most one report per `minIntervalMs`. Progress is kept
 * within 0..1 and never goes back. The sockets (server/http) and the conversion worker (server/jobs)
 * thin with the same rule.
 */
type ProgressSink = (progress: number, activity: string) => void;

export function progressRelay(send: ProgressSink, minIntervalMs = 100, now: () => number = Date.now): ProgressSink {
  let lastActivity: string | undefined;
  let lastProgress = 0;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  return (raw, activity) => {
    const progress = Math.max(lastProgress, Math.min(1, Math.max(0, Number.isFinite(raw) ? raw : 0)));
    const time = now();
    const due = activity !== lastActivity || (progress >= 1 && lastProgress < 1) || time - lastSentAt >= minIntervalMs;
    if (!due || (activity === lastActivity && progress === lastProgress)) return;
    lastActivity = activity;
    lastProgress = progress;
    lastSentAt = time;
    send(progress, activity);
  };
}
