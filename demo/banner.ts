/**
 * The status banner at the top: which adapter runs the playouts, a warning
 * when that "GPU" is really SwiftShader on the CPU, and how to get WebGPU
 * when there is none.
 */
import { type WebGpuSupport, adapterLabel } from './webgpu-support.js';

function paragraph(text: string, strong?: string): HTMLParagraphElement {
  const p = document.createElement('p');
  if (strong !== undefined) {
    const b = document.createElement('strong');
    b.textContent = strong;
    p.append(b, ' ');
  }
  p.append(text);
  return p;
}

export function showSupport(banner: HTMLElement, support: WebGpuSupport): void {
  if (support.kind === 'ok') {
    const a = support.adapter;
    const lines = [paragraph(adapterLabel(a), 'WebGPU adapter:')];
    if (a.software) {
      const what = /swiftshader/i.test(adapterLabel(a)) ? 'SwiftShader' : 'a software (fallback) adapter';
      lines.push(
        paragraph(
          `This adapter is ${what}, which runs the shaders on the CPU. The results are exact, but the speeds are CPU figures, not GPU ones.`,
          'Not a GPU.',
        ),
      );
    }
    const extras = ['timestamp-query', 'subgroups'].filter((f) => a.features.includes(f));
    lines.push(
      paragraph(extras.length > 0 ? extras.join(', ') : 'none of timestamp-query, subgroups', 'Features used:'),
    );
    banner.dataset.kind = a.software ? 'software' : 'gpu';
    banner.replaceChildren(...lines);
    return;
  }
  const list = document.createElement('ul');
  for (const line of support.help) {
    const li = document.createElement('li');
    li.textContent = line;
    list.append(li);
  }
  banner.dataset.kind = 'error';
  banner.replaceChildren(paragraph(support.reason, 'No WebGPU.'), list);
}
