import { useTranslation } from "react-i18next";
import { ChoiceGroup } from "./choice-group.tsx";

/**
 * The risk choice of the originals that have one (keno, plinko): a visible caption over a radio
 * group of the engine's risks, named with the kit's shared risk words.
 */
type KitRisk = "low" | "medium" | "high";

export function RiskPicker<Risk extends KitRisk>({
  label,
  name,
  risks,
  value,
  onChange,
  disabled,
}: {
  label: string;
  /** The radio group's data name (`data-choice-group`). */
  name: string;
  risks: readonly Risk[];
  value: Risk;
  onChange: (risk: Risk) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation("originals");
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-semibold" aria-hidden="true">
        {label}
      </span>
      <ChoiceGroup<Risk> label={label} name={name} value={value} onChange={onChange} disabled={disabled} choices={risks.map((risk) => ({ value: risk, label: t(`kit.risk.${risk as KitRisk}`) }))} />
    </div>
  );
}
