import { LIMIT_DEFINITION } from "@playfair/contracts/constants";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/limits";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { definitionKey, LimitTime, moneyDefinitionKey } from "#app/features/limits/limit-format.tsx";
import { activeExclusion, groupMoneyLimits } from "#app/features/limits/limit-logic.ts";
import { BlockIcon, ClockLineIcon, CoinsIcon, GaugeIcon, PauseIcon, TrendDownIcon, WalletLineIcon } from "#app/features/limits/limit-parts.tsx";
import { LimitRow } from "#app/features/limits/limit-row.tsx";
import { useLimits } from "#app/features/limits/limits-api.ts";
import { useOpenLimitModal } from "#app/features/limits/use-limit-modal.ts";
import { LoadFailedState } from "#app/features/profile/load-failed-state.tsx";
import { ProfileSection } from "#app/features/profile/profile-section.tsx";
import { pageMeta } from "#app/routes/shared/page-meta.ts";

export const meta: Route.MetaFunction = ({ params }) => pageMeta(params, "profileLimits");

const GROUP_ICONS = {
  [LIMIT_DEFINITION.bet]: <CoinsIcon />,
  [LIMIT_DEFINITION.loss]: <TrendDownIcon />,
  [LIMIT_DEFINITION.deposit]: <WalletLineIcon />,
} as Record<number, React.ReactNode>;

/**
 * Responsible-gaming limits (spec 7 GET /api/player/limits): bet, loss and deposit limits by
 * period, a break (cooling-off) and self-exclusion. Adding, editing and deleting go through the
 * add-limit, edit-limit, confirm-limit-update and confirm-delete-limit modals.
 */
export default function ProfileLimits() {
  const { t } = useTranslation("limits");
  const limits = useLimits();
  const openLimitModal = useOpenLimitModal();

  return (
    <div data-limits-page="">
      <ProfileSection icon={<GaugeIcon />} title={t("page.title")} description={t("page.description")}>
        <ul className="flex flex-col gap-2 text-sm text-fg-muted">
          <li className="flex items-start gap-2.5">
            <ClockLineIcon className="mt-0.5 size-4 text-success" />
            {t("page.ruleNow")}
          </li>
          <li className="flex items-start gap-2.5">
            <ClockLineIcon className="mt-0.5 size-4 text-attention" />
            {t("page.ruleLater")}
          </li>
        </ul>
      </ProfileSection>

      {limits.isPending ? (
        <ProfileSection title={t("page.loading")}>
          <div aria-busy="true" className="flex flex-col gap-3">
            <Skeleton className="h-20 w-full rounded-xl" />
            <Skeleton className="h-20 w-full rounded-xl" />
          </div>
        </ProfileSection>
      ) : limits.isError ? (
        <ProfileSection title={t("page.loadFailed")}>
          <LoadFailedState onRetry={() => void limits.refetch()} />
        </ProfileSection>
      ) : (
        <>
          {groupMoneyLimits(limits.data).map((group) => {
            const key = moneyDefinitionKey(group.definition);
            return (
              <ProfileSection
                key={group.definition}
                icon={GROUP_ICONS[group.definition]}
                title={t(`definitions.${key}.title`)}
                description={t(`definitions.${key}.description`)}
                data-limit-group={key}
                action={
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t(`definitions.${key}.add`)}
                    onClick={() => openLimitModal("add-limit", { definition: group.definition })}
                    data-limit-add={key}
                  >
                    {t("actions.add")}
                  </Button>
                }
              >
                {group.limits.length === 0 ? (
                  <p className="rounded-lg border border-dashed border-border px-4 py-3 text-sm text-fg-subtle">{t(`definitions.${key}.empty`)}</p>
                ) : (
                  <ul className="flex flex-col gap-3">
                    {group.limits.map((limit) => (
                      <LimitRow key={limit.id} limit={limit} />
                    ))}
                  </ul>
                )}
              </ProfileSection>
            );
          })}
          <ExclusionSection definition={LIMIT_DEFINITION.coolingOff} until={activeExclusion(limits.data, LIMIT_DEFINITION.coolingOff)?.endsAt ?? null} />
          <ExclusionSection definition={LIMIT_DEFINITION.selfExclusion} until={activeExclusion(limits.data, LIMIT_DEFINITION.selfExclusion)?.endsAt ?? null} />
        </>
      )}
    </div>
  );
}

function ExclusionSection({ definition, until }: { definition: typeof LIMIT_DEFINITION.coolingOff | typeof LIMIT_DEFINITION.selfExclusion; until: string | null }) {
  const { t } = useTranslation("limits");
  const openLimitModal = useOpenLimitModal();
  const key = definitionKey(definition);
  const isSelfExclusion = definition === LIMIT_DEFINITION.selfExclusion;
  return (
    <ProfileSection
      icon={isSelfExclusion ? <BlockIcon /> : <PauseIcon />}
      title={t(`definitions.${key}.title`)}
      description={t(`definitions.${key}.description`)}
      data-limit-group={key}
      action={
        until ? null : (
          <Button variant={isSelfExclusion ? "danger" : "secondary"} size="sm" onClick={() => openLimitModal("add-limit", { definition })} data-limit-add={key}>
            {isSelfExclusion ? t("actions.startExclusion") : t("actions.startBreak")}
          </Button>
        )
      }
    >
      {until ? (
        <p className="text-sm font-medium text-fg">
          <LimitTime at={until} />
        </p>
      ) : null}
    </ProfileSection>
  );
}
