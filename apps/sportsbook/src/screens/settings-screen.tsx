import { ODDS_POLICY_OPTIONS } from "../components/odds-policy.ts";
import { storeOddsPolicy } from "../slip-store.ts";
import { useServices, useSlip, useT } from "../widget-context.tsx";

/** The player's sportsbook preferences: what the slip does when a price moves. */
export function SettingsScreen() {
  const t = useT();
  const { slip } = useServices();
  const { oddsPolicy } = useSlip();
  return (
    <div className="sb:flex sb:flex-col sb:gap-3">
      <h1 className="sb:text-xl sb:font-bold sb:text-fg">{t("settings.title")}</h1>
      <fieldset className="sb:flex sb:flex-col sb:gap-1 sb:rounded-lg sb:border sb:border-border sb:bg-surface sb:p-4">
        <legend className="sb:px-1 sb:font-semibold sb:text-fg">{t("settings.policy")}</legend>
        {ODDS_POLICY_OPTIONS.map((policy) => (
          <label key={policy} className="sb:flex sb:min-h-11 sb:items-center sb:gap-3 sb:text-fg">
            <input
              type="radio"
              name="sb-odds-policy"
              value={policy}
              checked={oddsPolicy === policy}
              onChange={() => {
                storeOddsPolicy(policy);
                slip.set({ oddsPolicy: policy });
              }}
              className="sb:size-4 sb:accent-brand"
            />
            {t(`policy.${policy}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
