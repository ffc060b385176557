//! The native Cedar peer of bench/engine.ts. Reads (from the file named by argv[1]) the policy
//! slices that the compiler's Cedar output is split into (one pre-parsed set per phase and action,
//! as the wasm peer uses) and the authorization calls of each benchmark request, pre-parses them
//! all, then decides every request the way the documented host wrapper does (per target: phase
//! "rules"; a deny naming no policy asks phase "requirements"; any deny denies the request).
//! Timed in batches (a clock read per batch, never per decision); prints JSON:
//! {"perSecond", "p50Ns", "p99Ns", "batches", "denied", "requests"}.
use cedar_policy::{Authorizer, Context, Decision, Entities, EntityUid, PolicySet, Request};
use serde::Deserialize;
use std::collections::HashMap;
use std::str::FromStr;
use std::time::{Duration, Instant};

#[derive(Deserialize)]
struct Uid {
    #[serde(rename = "type")]
    kind: String,
    id: String,
}

#[derive(Deserialize)]
struct Call {
    principal: Uid,
    action: Uid,
    resource: Uid,
    context: serde_json::Value,
}

/// One target of one request: its call in phase "rules" and in phase "requirements".
#[derive(Deserialize)]
struct TargetCalls {
    rules: Call,
    requirements: Call,
}

#[derive(Deserialize)]
struct Input {
    /// slice name ("bytebound/<phase>/<action>") -> Cedar policy text
    slices: HashMap<String, String>,
    requests: Vec<Vec<TargetCalls>>,
    seconds: f64,
}

struct Prepared {
    request: Request,
    slice: usize,
}

fn uid(u: &Uid) -> EntityUid {
    let text = format!("{}::{}", u.kind, serde_json::to_string(&u.id).unwrap());
    EntityUid::from_str(&text).unwrap_or_else(|e| panic!("bad entity uid {text}: {e}"))
}

fn prepare(call: &Call, phase: &str, names: &HashMap<String, usize>) -> Prepared {
    let context = Context::from_json_value(call.context.clone(), None).expect("context");
    let request = Request::new(uid(&call.principal), uid(&call.action), uid(&call.resource), context, None).expect("request");
    let name = format!("bytebound/{}/{}", phase, call.action.id);
    let slice = *names.get(&name).unwrap_or_else(|| panic!("no slice {name}"));
    Prepared { request, slice }
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: bytebound-cedar-native-bench <input.json>");
    let input: Input = serde_json::from_str(&std::fs::read_to_string(path).expect("read input")).expect("parse input");
    let mut names = HashMap::new();
    let mut sets = Vec::new();
    for (name, text) in &input.slices {
        names.insert(name.clone(), sets.len());
        sets.push(PolicySet::from_str(text).unwrap_or_else(|e| panic!("slice {name} does not parse: {e}")));
    }
    let requests: Vec<Vec<(Prepared, Prepared)>> = input
        .requests
        .iter()
        .map(|targets| targets.iter().map(|t| (prepare(&t.rules, "rules", &names), prepare(&t.requirements, "requirements", &names))).collect())
        .collect();
    let authorizer = Authorizer::new();
    let entities = Entities::empty();

    let decide = |targets: &Vec<(Prepared, Prepared)>| -> bool {
        let mut denied = false;
        for (rules, requirements) in targets {
            let mut answer = authorizer.is_authorized(&rules.request, &sets[rules.slice], &entities);
            if answer.decision() == Decision::Deny && answer.diagnostics().reason().next().is_none() && answer.diagnostics().errors().next().is_none() {
                answer = authorizer.is_authorized(&requirements.request, &sets[requirements.slice], &entities);
            }
            let failed = answer.diagnostics().errors().next().is_some() || answer.diagnostics().reason().next().is_none();
            if answer.decision() != Decision::Allow || failed {
                denied = true;
            }
        }
        denied
    };

    let denied = requests.iter().filter(|r| decide(r)).count();
    let n = requests.len();
    let run_batch = || {
        let mut d = 0usize;
        for r in &requests {
            if decide(r) {
                d += 1;
            }
        }
        std::hint::black_box(d);
    };
    run_batch(); // warm-up
    let mut samples: Vec<f64> = Vec::new();
    let until = Instant::now() + Duration::from_secs_f64(input.seconds);
    while Instant::now() < until {
        let start = Instant::now();
        run_batch();
        samples.push(start.elapsed().as_nanos() as f64 / n as f64);
    }
    samples.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let at = |p: f64| samples[(((p / 100.0) * samples.len() as f64).ceil() as usize).saturating_sub(1).min(samples.len() - 1)];
    let p50 = at(50.0);
    println!(
        "{}",
        serde_json::json!({ "perSecond": 1e9 / p50, "p50Ns": p50, "p99Ns": at(99.0), "batches": samples.len(), "denied": denied, "requests": n })
    );
}
