// The team dashboard's places for other parts of issue 51 (team goals §6, the team prayer list §5): each adds its
// component to TEAM_DASHBOARD_SECTIONS and the dashboard (src/pages/TeamDashboardPage.tsx) renders them in order,
// under its own figures, with the team and the caller's role: the team's goals with each member's share (the good news
// is the dashboard's own, from its answer).
import type { ComponentType } from 'react';
import type { TeamRole } from '../../../shared/vocabulary';
import { TeamGoals } from '../TeamGoals';

export interface TeamSectionProps {
  teamId: number;
  role: TeamRole;
}

/** The sections other parts of the team's page add (their own data, their own calls), in the order they show. */
export const TEAM_DASHBOARD_SECTIONS: ComponentType<TeamSectionProps>[] = [TeamGoals];

/** Renders every added section; nothing while there is none. */
export function TeamDashboardSections({ teamId, role }: TeamSectionProps) {
  return (
    <>
      {TEAM_DASHBOARD_SECTIONS.map((Section, index) => (
        <Section key={index} teamId={teamId} role={role} />
      ))}
    </>
  );
}
