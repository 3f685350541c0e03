import { type AlertFacts, ruleMatches } from '../../domain/notification-rules.ts';
import type { NotificationRuleRecord } from '../repositories/contact-groups-repository.ts';
import type { Person, RoutedPeople } from './escalation-tiers.ts';

/** A rule and the user ids of its group's members, as `routingOf` reads them. */
export interface Route {
  rule: NotificationRuleRecord;
  members: readonly number[];
}

/**
 * The people each of the company's rules that match this alert adds, at the rule's tier
 * (decision 060). A rule of another company never matches, whatever bridge it names.
 */
export function routedFor<P extends Person>(
  routes: readonly Route[],
  people: readonly P[],
  alert: AlertFacts & { companyId: number },
): RoutedPeople<P>[] {
  return routes
    .filter(({ rule }) => rule.companyId === alert.companyId && ruleMatches(rule, alert))
    .map(({ rule, members }) => ({
      tier: rule.tier,
      people: people.filter((person) => members.includes(person.id)),
    }));
}
