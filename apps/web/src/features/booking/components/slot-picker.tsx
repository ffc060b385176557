// The slot picker: free 30-minute slots grouped by day in the chosen time zone, with a zone
// switcher. Native radio buttons (one group across all days), so Tab enters the group and the
// arrow keys move between times without any script of ours.
import { errorClass, SelectField } from '../../../components/forms/form-fields.tsx';
import { groupSlotsByDay, sameInstant, type Slot, timeLabel, timeZoneLabel } from '../lib/time-zones.ts';

type Props = {
  slots: readonly Slot[];
  zone: string;
  zones: readonly string[];
  detectedZone: string | null;
  onZoneChange: (zone: string) => void;
  selected: string | null;
  onSelect: (start: string) => void;
  error?: string | null;
  /** Id of the group, the target of the error summary's link and of focus on a slot error. */
  id: string;
};

export function SlotPicker({ slots, zone, zones, detectedZone, onZoneChange, selected, onSelect, error, id }: Props) {
  const days = groupSlotsByDay(slots, zone);
  const errorId = `${id}-error`;
  return (
    <div className="space-y-4">
      <SelectField
        id="booking-time-zone"
        label="Time zone"
        value={zone}
        onChange={(event) => onZoneChange(event.target.value)}
        hint={detectedZone ? `Detected from your browser: ${detectedZone.replace(/_/g, ' ')}` : undefined}
      >
        {zones.map((option) => (
          <option key={option} value={option}>
            {timeZoneLabel(option)}
          </option>
        ))}
      </SelectField>
      <div id={id} tabIndex={-1} role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? errorId : undefined} className="outline-none">
        <p id={`${id}-label`} className="text-sm font-medium text-slate-200">
          Choose a time ({zone.replace(/_/g, ' ')})
        </p>
        {error && (
          <p id={errorId} className={errorClass}>
            {error}
          </p>
        )}
        {days.length === 0 ? (
          <p className="mt-3 text-slate-300">There are no free times in the next two weeks. Please write to us instead.</p>
        ) : (
          <div className="mt-3 max-h-[28rem] space-y-5 overflow-y-auto pr-1">
            {days.map((day) => (
              <fieldset key={day.key} className="min-w-0">
                <legend className="text-sm font-semibold text-white">{day.label}</legend>
                <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
                  {day.slots.map((slot) => {
                    const checked = selected !== null && sameInstant(selected, slot.start);
                    return (
                      <label key={slot.start} className="relative block">
                        <input
                          type="radio"
                          name="booking-slot"
                          value={slot.start}
                          checked={checked}
                          onChange={() => onSelect(slot.start)}
                          className="peer absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none opacity-0"
                        />
                        <span className="block cursor-pointer rounded-lg border border-ink-600 px-2 py-2 text-center text-sm text-slate-100 peer-checked:border-brand-300 peer-checked:bg-brand-400 peer-checked:font-semibold peer-checked:text-ink-950 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-300 hover:border-brand-400">
                          <span className="sr-only">{day.label}, </span>
                          {timeLabel(slot.start, zone)}
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
