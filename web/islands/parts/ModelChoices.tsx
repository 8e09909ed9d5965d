import type { OfferedMaterial } from "../../lib/model-price";

/**
 * Material, colour and copies for a shopper's model: a change asks the shop for the price again. Locked
 * once the model is in the basket, since the line was priced for these choices.
 */
export function ModelChoices({
  idBase,
  materials,
  material,
  colour,
  copies,
  maxCopies,
  locked,
  onMaterial,
  onColour,
  onCopies,
}: {
  idBase: string;
  materials: OfferedMaterial[];
  material: OfferedMaterial;
  colour: string;
  copies: number;
  maxCopies: number;
  locked: boolean;
  onMaterial: (material: OfferedMaterial) => void;
  onColour: (colour: string) => void;
  onCopies: (copies: number) => void;
}) {
  return (
    <div className="model-choices">
      <div className="field">
        <label htmlFor={`${idBase}-material`}>Material</label>
        <select
          id={`${idBase}-material`}
          value={material.id}
          disabled={locked}
          onChange={(event) => {
            const next = materials.find((candidate) => candidate.id === event.target.value);
            if (next) onMaterial(next);
          }}
        >
          {materials.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idBase}-colour`}>Colour</label>
        <select id={`${idBase}-colour`} value={colour} disabled={locked} onChange={(event) => onColour(event.target.value)}>
          {material.colours.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <span className="model-choices__label" id={`${idBase}-copies-label`}>
          Copies
        </span>
        {/* biome-ignore lint/a11y/useSemanticElements: two buttons and a figure, as the basket's stepper */}
        <div className="stepper" role="group" aria-labelledby={`${idBase}-copies-label`}>
          <button type="button" aria-label="One copy fewer" disabled={locked || copies <= 1} onClick={() => onCopies(copies - 1)}>
            −
          </button>
          <output aria-live="polite" data-testid="model-copies">
            {copies}
          </output>
          <button type="button" aria-label="One copy more" disabled={locked || copies >= maxCopies} onClick={() => onCopies(copies + 1)}>
            +
          </button>
        </div>
      </div>
    </div>
  );
}
