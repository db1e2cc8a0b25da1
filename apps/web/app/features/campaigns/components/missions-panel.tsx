import type { Mission } from '@hondana/domain/campaigns/missions-api';
import { campaignCopy } from '../../../i18n/ja-campaigns';
import { formatTokyoDeadline } from '@hondana/domain/common/tokyo-format';
import { useEffect } from 'react';
import { useMissions } from '../api/get-missions';
import { useNoticeMission } from '../api/notice-mission';
import styles from './missions-panel.module.css';

/** My page's missions (§3 Mission): each running mission, its reward, its tasks with progress. */
export function MissionsPanel() {
  const missions = useMissions();
  if (missions.isPending) return <section className={styles.panel} aria-busy="true" />;
  return (
    <section className={styles.panel} aria-labelledby="missions-heading" data-testid="missions-panel">
      <h2 id="missions-heading" className={styles.heading}>
        {campaignCopy('missions.heading')}
      </h2>
      {missions.isError ? (
        <p>{campaignCopy('missions.failed')}</p>
      ) : missions.data.length === 0 ? (
        <p>{campaignCopy('missions.empty')}</p>
      ) : (
        missions.data.map((m) => <MissionCard key={m.id} mission={m} />)
      )}
    </section>
  );
}

function MissionCard({ mission }: { mission: Mission }) {
  const notice = useNoticeMission();
  const fresh = mission.rewarded && !mission.noticed;
  const { mutate } = notice;
  // The reward notice shows once: seeing it here tells the server (§7 notice/v2).
  useEffect(() => {
    if (fresh) mutate(mission.id);
  }, [fresh, mission.id, mutate]);
  return (
    <article className={styles.card} style={{ backgroundColor: mission.backgroundColor }}>
      {fresh && (
        <p role="status" className={styles.notice}>
          {campaignCopy('missions.notice', { reward: mission.bonus.name })}
        </p>
      )}
      {/* The mission's image as the console set it (decorative: its name is the heading below). */}
      {mission.imageUrl && <img className={styles.image} src={mission.imageUrl} alt="" loading="lazy" decoding="async" />}
      <header className={styles.cardHeader}>
        <h3>{mission.name}</h3>
        <span className={styles.until}>
          {campaignCopy('missions.until', { date: formatTokyoDeadline(mission.sprint.endDatetime, 'long') ?? '' })}
        </span>
      </header>
      <p className={styles.reward}>{campaignCopy('missions.reward', { reward: mission.bonus.name })}</p>
      <ul className={styles.tasks}>
        {mission.tasks.map((t) => (
          <li key={t.taskId} data-done={t.done}>
            <span>{t.name}</span>
            <span className={styles.progress}>
              {t.done ? campaignCopy('missions.done') : campaignCopy('missions.progress', { progress: t.progress, target: t.target })}
            </span>
            <progress max={t.target} value={t.progress} aria-label={t.name} />
          </li>
        ))}
      </ul>
      {mission.rewarded && <p className={styles.rewarded}>{campaignCopy('missions.rewarded')}</p>}
    </article>
  );
}
