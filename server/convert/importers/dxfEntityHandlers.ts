/**
 * dxf-parser's own LINE, CIRCLE and ARC handlers drop the thickness (group 39), which extrudes
 * them into walls. These replacements read what the importer needs, thickness included.
 */
interface Group { code: number; value: unknown }
interface Scanner { next(): Group; isEOF(): boolean }

/** The seven standard AutoCAD colour indices; others fall back to the layer's colour. */
export const ACI: Record<number, number> = { 1: 0xff0000, 2: 0xffff00, 3: 0x00ff00, 4: 0x00ffff, 5: 0x0000ff, 6: 0xff00ff, 7: 0xffffff };

type Record3 = { x?: number; y?: number; z?: number };

function makeHandler(name: 'LINE' | 'CIRCLE' | 'ARC') {
  return class {
    readonly ForEntityName = name;
    parseEntity(scanner: Scanner, curr: Group) {
      const start: Record3 = {};
      const end: Record3 = {};
      const entity: Record<string, unknown> = { type: curr.value };
      let g = scanner.next();
      while (!scanner.isEOF() && g.code !== 0) {
        const v = g.value as number;
        switch (g.code) {
          case 8: entity.layer = g.value; break;
          case 39: entity.thickness = v; break;
          case 40: entity.radius = v; break;
          case 50: entity.startAngle = (v * Math.PI) / 180; break;
          case 51: entity.endAngleDegrees = v; break;
          case 60: entity.visible = v === 0; break;
          case 62: if (ACI[Math.abs(v)] !== undefined) entity.color = ACI[Math.abs(v)]; break;
          case 67: entity.inPaperSpace = v === 1; break;
          case 420: entity.color = v; break;
          case 10: start.x = v; break;
          case 20: start.y = v; break;
          case 30: start.z = v; break;
          case 11: end.x = v; break;
          case 21: end.y = v; break;
          case 31: end.z = v; break;
        }
        g = scanner.next();
      }
      if (name === 'LINE') entity.vertices = [start, end];
      else entity.center = start;
      if (name === 'ARC') {
        const startAngle = (entity.startAngle as number | undefined) ?? 0;
        const endAngle = (((entity.endAngleDegrees as number | undefined) ?? 360) * Math.PI) / 180;
        entity.angleLength = endAngle < startAngle ? endAngle + 2 * Math.PI - startAngle : endAngle - startAngle;
      }
      return entity;
    }
  };
}

export const extrudableHandlers = [makeHandler('LINE'), makeHandler('CIRCLE'), makeHandler('ARC')];
