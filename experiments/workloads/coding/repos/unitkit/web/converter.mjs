// The docs' unit converter widget: converts with the factors the page embeds and shows the result.
export function convertValue(value, factorFrom, factorTo) {
  return (value * factorFrom) / factorTo;
}

export function render(output, value, name) {
  output.textContent = `${value.toPrecision(4)} ${name}`;
}
