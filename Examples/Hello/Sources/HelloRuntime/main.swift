import GestureRuntime

// The two lines an app that uses only the runtime starts with: a point the engine
// reports, printed. Printing a point formats its numbers, which needs the platform's
// maths library where the runtime's code calls it.
let start = Point(x: 1, y: 2)
print("a touch at \(start), \((start - Point(x: 4, y: 6)).length) pt from (4, 6)")
