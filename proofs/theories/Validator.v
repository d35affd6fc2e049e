(** * The translation validator.

    An abstract interpretation of the emitted code: at every point it knows
    facts that relate the registers, the thresholds and what each engine has
    waited for to the counts N_F and to V_q, the count right after the
    latest executed site of a tracked set q of producer sites:
    - a register r: r = N_F + k, r = V_q + k or r = k (exact); and
      max(0, r) = V_q (what a wait on r + d, d <= 0, waits for), which a
      register N_F + j also has where N_F + j < 0 (then V_q = 0);
    - a tracked set q: V_q = max(0, N_F + b) for every b in [lo, hi]
      ("Known(b)" when lo = hi, "Empty(u)" when lo = -infinity, hi = u),
      and in any case V_q <= max(0, N_F + lo): an interval left with no b
      by a join still bounds V_q from above by its lower end (a bounded
      register fallback waits for N_F + j with j >= lo);
    - N_F = n;
    - two tracked sets of one agent: V_q2 = max(0, V_q1 + d), d <= 0 (a hint
      of the program, derived where both are Known relative to N_F and kept
      while no site of either runs); q2 = q1 with d < 0 says V_q = 0
      (nothing of q has run), which the entry has for every tracked set;
    - engine e and semaphore sm: lower bounds of what e has waited for on
      sm; and what it waits for beyond that since its latest site: 0, or at
      most every bound of one of a list of components (one per wait that
      may be the largest; no entry: 0).
    The facts at block entries come from a fixpoint iteration that is not
    trusted: [check] verifies that they are inductive and that every site
    passes the exactness test; Exactness.v proves that a program with no
    diagnostic is exact on every path. *)

From Coq Require Import ZArith List Bool Lia.
From NeuronISA Require Import Model.
Import ListNotations.
Open Scope Z_scope.

Inductive base : Type := BZ | BN (F : nat) | BV (q : nat).
Definition fact : Type := (base * Z)%type.

Definition base_eqb (a b : base) : bool :=
  match a, b with
  | BZ, BZ => true
  | BN x, BN y => Nat.eqb x y
  | BV x, BV y => Nat.eqb x y
  | _, _ => false
  end.
Definition fact_eqb (f g : fact) : bool := base_eqb (fst f) (fst g) && Z.eqb (snd f) (snd g).

Record astate : Type := mkst {
  ar : list (nat * list fact);                (* register -> facts *)
  av : list (nat * (option Z * Z));           (* tracked set -> interval *)
  an : list (nat * Z);                        (* agent -> its count *)
  ag : list ((nat * nat) * list fact);        (* (engine, sem) -> lower bounds *)
  ap : list ((nat * nat) * list (list fact)); (* (engine, sem) -> bounded components *)
  ao : list ((nat * nat) * Z);                (* ((q2, q1), d): V_q2 = max(0, V_q1 + d) *)
  am : list (nat * list fact)                 (* register -> facts of max(0, r) *)
}.

Definition astate_eq_dec : forall a b : astate, {a = b} + {a <> b}.
Proof.
  repeat decide equality; try apply Z.eq_dec.
Defined.

(** Association lists: the first entry of a key is its value. *)
Fixpoint lookn {V : Type} (l : list (nat * V)) (k : nat) : option V :=
  match l with
  | [] => None
  | (k', v) :: l' => if Nat.eqb k k' then Some v else lookn l' k
  end.
Definition keq (a b : nat * nat) : bool := Nat.eqb (fst a) (fst b) && Nat.eqb (snd a) (snd b).
Fixpoint lookp {V : Type} (l : list ((nat * nat) * V)) (k : nat * nat) : option V :=
  match l with
  | [] => None
  | (k', v) :: l' => if keq k k' then Some v else lookp l' k
  end.
Definition setn {V : Type} (k : nat) (v : V) (l : list (nat * V)) : list (nat * V) :=
  (k, v) :: filter (fun e => negb (Nat.eqb (fst e) k)) l.
Definition setp {V : Type} (k : nat * nat) (v : V) (l : list ((nat * nat) * V)) :=
  (k, v) :: filter (fun e => negb (keq (fst e) k)) l.
Definition facts_of {K : Type} (o : option (list fact)) : list fact :=
  match o with Some fs => fs | None => [] end.

Fixpoint omap {A B : Type} (f : A -> option B) (l : list A) : list B :=
  match l with
  | [] => []
  | x :: l' => match f x with Some y => y :: omap f l' | None => omap f l' end
  end.

Definition shift (d : Z) (f : fact) : fact := (fst f, snd f + d).
Definition find_base (b : base) (fs : list fact) : option fact :=
  find (fun g => base_eqb (fst g) b) fs.

Definition nonempty (lo : option Z) (hi : Z) : bool :=
  match lo with Some l => l <=? hi | None => true end.
Definition lo_le (lo : option Z) (k : Z) : bool :=
  match lo with Some l => l <=? k | None => true end.
Definition inside (lo : option Z) (hi : Z) (k : Z) : bool := lo_le lo k && (k <=? hi).
Definition omax (a b : option Z) : option Z :=
  match a, b with
  | None, x | x, None => x
  | Some x, Some y => Some (Z.max x y)
  end.
(** An interval with no b left keeps its lower end, the upper bound of
    V_q; its upper end is set just below it, so that joins around a loop
    that only lower the upper end reach a fixed point. *)
Definition iv_norm (iv : option Z * Z) : option Z * Z :=
  match fst iv with
  | Some l => if snd iv <? l then (Some l, l - 1) else iv
  | None => iv
  end.

Section Validator.
Variable p : prog.

Definition isprod (s : nat) : bool := match ssem p s with Some _ => true | None => false end.

(** The agent whose semaphore is sm, among 0 .. nagents - 1. *)
Definition semag (sm : nat) : option nat :=
  find (fun F => match agsem p F with Some S0 => Nat.eqb S0 sm | None => false end)
       (seq 0 (nagents p)).

Definition rf (a : astate) (r : nat) : list fact :=
  if Nat.eqb r 0 then [(BZ, 0)] else facts_of (K := nat) (lookn (ar a) r).
Definition gf (a : astate) (k : nat * nat) : list fact := facts_of (K := nat) (lookp (ag a) k).
(** Facts f of register r with max(0, r) = max(0, f): what a wait on r
    waits for. Register 0 has its exact fact in [rf]. *)
Definition mf (a : astate) (r : nat) : list fact :=
  if Nat.eqb r 0 then [] else facts_of (K := nat) (lookn (am a) r).

(** ** Transfer functions *)

(** Site s: exact facts (registers, lower bounds) re-expressed. *)
Definition site_exact (s : nat) (f : fact) : option fact :=
  match fst f with
  | BZ => Some f
  | BN F => if isprod s && Nat.eqb (sagent p s) F then Some (BN F, snd f - 1) else Some f
  | BV q => if pmem p q s then None else Some f
  end.
(** Site s: upper bounds stay valid (V_q only grows), N_F re-expressed. *)
Definition site_upper (s : nat) (f : fact) : fact :=
  match fst f with
  | BN F => if isprod s && Nat.eqb (sagent p s) F then (BN F, snd f - 1) else f
  | _ => f
  end.

(** Site s: the tracked sets' intervals. *)
Definition site_av (a : astate) (s : nat) : list (nat * (option Z * Z)) :=
  map (fun q => (q, (Some 0, 0))) (filter (fun q => pmem p q s) (ptracked p)) ++
  map (fun e => if isprod s && Nat.eqb (pagent p (fst e)) (sagent p s)
                then (fst e, (option_map (fun l => l - 1) (fst (snd e)), snd (snd e) - 1))
                else e)
      (filter (fun e => negb (pmem p (fst e) s)) (av a)).

Definition rel_eqb (x y : (nat * nat) * Z) : bool := keq (fst x) (fst y) && Z.eqb (snd x) (snd y).

(** A b with V_q = max(0, N_F + b), if the interval of q gives one. *)
Definition known_at (v : list (nat * (option Z * Z))) (q : nat) : option Z :=
  match lookn v q with
  | Some (Some l, hi) => if l <=? hi then Some l else None
  | _ => None
  end.
(** V_q2 = max(0, N_F + b2) and V_q1 = max(0, N_F + b1) with b2 - b1 = d <= 0
    give V_q2 = max(0, V_q1 + d). *)
Definition rel_known (v : list (nat * (option Z * Z))) (o : (nat * nat) * Z) : bool :=
  Nat.eqb (pagent p (fst (fst o))) (pagent p (snd (fst o))) && (snd o <=? 0) &&
  match known_at v (fst (fst o)), known_at v (snd (fst o)) with
  | Some b2, Some b1 => Z.eqb (b2 - b1) (snd o)
  | _, _ => false
  end.
(** Site s: a relation stays while s is in neither set (both counts are
    unchanged), and is derived again where both are Known. *)
Definition site_ao (a : astate) (s : nat) : list ((nat * nat) * Z) :=
  let v := site_av a s in
  filter (fun o => negb (pmem p (fst (fst o)) s) && negb (pmem p (snd (fst o)) s)) (ao a) ++
  filter (fun o => (pmem p (fst (fst o)) s || pmem p (snd (fst o)) s) && rel_known v o) (prel p).

Definition transfer_site (a : astate) (s : nat) : astate :=
  let F := sagent p s in
  let pr := isprod s in
  mkst
    (map (fun e => (fst e, omap (site_exact s) (snd e))) (ar a))
    (site_av a s)
    (map (fun e => if pr && Nat.eqb (fst e) F then (fst e, snd e + 1) else e) (an a))
    (map (fun e => (fst e, omap (site_exact s) (snd e))) (ag a))
    (map (fun e => (fst e, map (map (site_upper s)) (snd e)))
         (filter (fun e => negb (Nat.eqb (fst (fst e)) (sengine p s))) (ap a)))
    (site_ao a s)
    (map (fun e => (fst e, omap (site_exact s) (snd e))) (am a)).

(** Facts implied by a value's facts and the counts. *)
Definition derive_bn (a : astate) (f : fact) : list fact :=
  match f with
  | (BZ, z) => map (fun e => (BN (fst e), z - snd e)) (an a)
  | _ => []
  end.
Definition nonneg (a : astate) (F : nat) (j : Z) : bool :=
  (0 <=? j) || match lookn (an a) F with Some n => 0 <=? n + j | None => false end.
Definition derive_bv (a : astate) (f : fact) : list fact :=
  match f with
  | (BN F, j) =>
      if nonneg a F j then
        map (fun e => (BV (fst e), 0))
            (filter (fun e => Nat.eqb (pagent p (fst e)) F && inside (fst (snd e)) (snd (snd e)) j)
                    (av a))
      else []
  | _ => []
  end.
(** A list of facts without repeats, each kept where it first occurs (so
    that [find_base] finds the same fact): the derivations produce the same
    fact many times, and every join and comparison is quadratic in the
    lists' lengths. *)
Definition dedup (l : list fact) : list fact :=
  rev (fold_left (fun acc f => if existsb (fact_eqb f) acc then acc else f :: acc) l []).

Definition saturate (a : astate) (fs : list fact) : list fact :=
  let fs1 := fs ++ flat_map (derive_bn a) fs in
  dedup (fs1 ++ flat_map (derive_bv a) fs1).

(** A register r = N_F + j with j in the interval of q has max(0, r) =
    max(0, N_F + j) = V_q, also where N_F + j < 0 (then V_q = 0 and r < 0,
    so r = V_q does not hold: [derive_bv] needs N_F + j >= 0). A snapshot
    rematerialized from a counter, addi R_G, C_F, j, is such a register:
    its value is V_q for every wait on it (waits ask for max(0, R_G + d),
    d <= 0), and the fact stays while no site of q runs, where r = N_F + j
    changes with every other site of F. *)
Definition derive_clamp (a : astate) (f : fact) : list fact :=
  match f with
  | (BN F, j) =>
      map (fun e => (BV (fst e), 0))
          (filter (fun e => Nat.eqb (pagent p (fst e)) F && inside (fst (snd e)) (snd (snd e)) j)
                  (av a))
  | _ => []
  end.

Definition is_bv (f : fact) : bool := match fst f with BV _ => true | _ => false end.

(** A write of register r whose value has the exact facts fs. The facts of
    max(0, r) kept are those on tracked sets (the exact ones among them too,
    so that a join with a path where the fact is exact keeps it); the
    others are exact facts already. *)
Definition write (a : astate) (r : nat) (fs : list fact) : astate :=
  let fs' := saturate a fs in
  mkst (setn r fs' (ar a)) (av a) (an a) (ag a) (ap a) (ao a)
       (setn r (filter is_bv fs' ++
                filter (fun g => negb (existsb (fact_eqb g) fs')) (flat_map (derive_clamp a) fs'))
             (am a)).

Definition gmerge (old nw : list fact) : list fact :=
  map (fun f => match find_base (fst f) nw with
                | Some g => (fst f, Z.max (snd f) (snd g))
                | None => f
                end) old ++
  filter (fun g => negb (existsb (fun f => base_eqb (fst f) (fst g)) old)) nw.
Definition pmerge (old nw : list fact) : list fact :=
  omap (fun f => match find_base (fst f) nw with
                       | Some g => Some (fst f, Z.max (snd f) (snd g))
                       | None => None
                       end) old.

Fixpoint list_fact_eqb (l1 l2 : list fact) : bool :=
  match l1, l2 with
  | [], [] => true
  | f :: r1, g :: r2 => fact_eqb f g && list_fact_eqb r1 r2
  | _, _ => false
  end.
Fixpoint list_list_fact_eqb (l1 l2 : list (list fact)) : bool :=
  match l1, l2 with
  | [], [] => true
  | f :: r1, g :: r2 => list_fact_eqb f g && list_list_fact_eqb r1 r2
  | _, _ => false
  end.
(** Components on either side; a component without bounds makes the others
    useless. *)
Definition comps_union (pre post : list (list fact)) : list (list fact) :=
  if existsb (fun c => match c with [] => true | _ => false end) pre then pre
  else pre ++ filter (fun c => negb (existsb (list_fact_eqb c) pre)) post.

Definition implied (gs vf : list fact) : bool :=
  existsb (fun f => match fst f with
                    | BZ => snd f <=? 0
                    | b => match find_base b gs with Some g => snd f <=? snd g | None => false end
                    end) vf.

(** Only facts on the semaphore's agent can bound its threshold. *)
Definition relevant (sm : nat) (f : fact) : bool :=
  match fst f with
  | BZ => true
  | BN F => match semag sm with Some F' => Nat.eqb F F' | None => false end
  | BV q => match semag sm with Some F' => Nat.eqb (pagent p q) F' | None => false end
  end.

(** Lower bounds a wait gives beyond its exact facts: a wait for at least
    N_F + j also covers every tracked set q of F with V_q <= max(0, N_F + j),
    that is V_q <= max(0, N_F + lo) with lo <= j (the interval's lower end
    bounds V_q from above, also when a join left the interval empty), and,
    for j >= 0, every tracked set of F (V_q <= N_F), whether or not its
    interval is known: the fact stays while no site of q runs, so a wait for
    every instance of F before a loop that runs other sites of F still
    covers q in the loop. A wait for max(0, V_q1 + j) also covers every q2
    related by V_q2 = max(0, V_q1 + d) with d <= j. Only what the engine has
    waited for uses them: the exact facts alone bound what it waits for. *)
Definition derive_ge (a : astate) (f : fact) : list fact :=
  match f with
  | (BN F, j) =>
      map (fun q => (BV q, 0))
          (filter (fun q => Nat.eqb (pagent p q) F &&
                            ((0 <=? j) ||
                             match lookn (av a) q with
                             | Some (lo, _) => lo_le lo j
                             | None => false
                             end))
                  (ptracked p))
  | (BV q1, j) =>
      (* V_q2 = max(0, V_q1 + d) with d <= j: V_q2 <= max(0, V_q1 + j). A
         snapshot shared at several offsets is then waited for once, at the
         largest offset its consumer needs. *)
      map (fun o => (BV (fst (fst o)), 0))
          (filter (fun o => Nat.eqb (snd (fst o)) q1 && (snd o <=? j)) (ao a))
  | _ => []
  end.

(** A wait for V_q1 + d where V_q2 = max(0, V_q1 + d) waits for V_q2. *)
Definition derive_rel (a : astate) (f : fact) : list fact :=
  match f with
  | (BV q1, j) =>
      map (fun o => (BV (fst (fst o)), 0))
          (filter (fun o => Nat.eqb (snd (fst o)) q1 && Z.eqb (snd o) j) (ao a))
  | _ => []
  end.

(** The facts of a wait's value v: each fact f says max(0, v) = max(0, f).
    The relations' facts come first: a lower bound merges with the first
    fact of its base ([gmerge]), and for V_q2 the relation's is the larger
    (a register fact V_q2 + j with j < 0 may hold too where both are 0). *)
Definition wait_facts (a : astate) (sm r : nat) (k : Z) : list fact :=
  let fs0 := saturate a (map (shift k) (rf a r)) in
  (* max(0, r) = max(0, f) gives max(0, r + k) = max(0, f + k) for k <= 0 *)
  let fs := fs0 ++ (if k <=? 0
                    then filter (fun f => negb (existsb (fact_eqb f) fs0)) (map (shift k) (mf a r))
                    else []) in
  filter (relevant sm) (flat_map (derive_rel a) fs ++ fs).

Definition transfer (a : astate) (i : instr) : astate :=
  match i with
  | ISite s => transfer_site a s
  | IWait e sm r k =>
      let vf := wait_facts a sm r k in
      let key := (e, sm) in
      mkst (ar a) (av a) (an a)
        (setp key (gmerge (gf a key) (dedup (vf ++ flat_map (derive_ge a) vf))) (ag a))
        (if implied (gf a key) vf then ap a
         else setp key (match lookp (ap a) key with
                        | None => [vf]
                        | Some old => if existsb (list_fact_eqb vf) old then old else vf :: old
                        end) (ap a))
        (ao a) (am a)
  | ISet r k => if Nat.eqb r 0 then a else write a r [(BZ, k)]
  | IAdd r s k => if Nat.eqb r 0 then a else write a r (map (shift k) (rf a s))
  | IDef r => mkst (filter (fun e => negb (Nat.eqb (fst e) r)) (ar a)) (av a) (an a) (ag a) (ap a) (ao a)
                   (filter (fun e => negb (Nat.eqb (fst e) r)) (am a))
  | IOther => a
  end.

(** A lower bound that holds because its value is at most 0 here. *)
Definition gtriv (a : astate) (f : fact) : bool :=
  match f with
  | (BZ, k) => k <=? 0
  | (BN F, k) => match lookn (an a) F with Some n => n + k <=? 0 | None => false end
  | (BV q, k) => (k <=? 0) && match lookn (av a) q with Some (None, _) => true | _ => false end
  end.

(** Nothing of tracked set q has run: V_q = 0. The relation V_q = max(0,
    V_q + d) with d < 0 holds exactly there. The entry has it for every
    tracked set, and it stays while no site of q runs, also through the
    widening, where the interval Empty(u) of q does not when other sites of
    its agent run in a loop (u changes every iteration). *)
Definition known_zero (a : astate) (q : nat) : bool :=
  existsb (fun o => Nat.eqb (fst (fst o)) q && Nat.eqb (snd (fst o)) q && (snd o <? 0)) (ao a).

(** V_q = 0 here: the interval of q is Empty, or nothing of q has run. *)
Definition zero_at (a : astate) (q : nat) : bool :=
  match lookn (av a) q with Some (None, _) => true | _ => false end || known_zero a q.

(** A lower bound weakened until it holds because of what [a] knows, if
    one is found: max(0, V_q + min(k, 0)) = 0 where V_q = 0, whatever k is
    (so "e has waited for V_q + k" becomes "for V_q + 0" on a join with a
    path where q has not run, which is all that [gdom] asks); otherwise
    the bound itself where [gtriv] holds. The result is never stronger
    than the bound: the same base, a constant no larger. *)
Definition gweak (a : astate) (f : fact) : option fact :=
  match f with
  | (BV q, k) => if zero_at a q then Some (BV q, Z.min k 0) else None
  | _ => if gtriv a f then Some f else None
  end.

(** ** Join: the facts of [pre] that also hold after [post], weakened to
    hold on both. The result has [pre]'s shape, so [join post pre = pre]
    decides that [pre] holds wherever [post] does. A lower bound of [pre]
    whose base [post] does not bound is kept weakened where [post] makes
    the weakened bound trivial ([gweak]: "e has waited for V_q + k" becomes
    "V_q + min(k, 0)" against a path where q has not run); a pair (e, sm)
    that [pre] does not bound takes [post]'s bounds, weakened in the same
    way against [pre]. *)
Definition join (post pre : astate) : astate :=
  mkst
    (map (fun e => (fst e, filter (fun f => existsb (fact_eqb f) (facts_of (K := nat) (lookn (ar post) (fst e)))) (snd e)))
         (ar pre))
    (omap (fun e => match lookn (av post) (fst e) with
                          | Some iv => Some (fst e, iv_norm (omax (fst (snd e)) (fst iv), Z.min (snd (snd e)) (snd iv)))
                          | None => None
                          end) (av pre))
    (filter (fun e => match lookn (an post) (fst e) with Some n => Z.eqb n (snd e) | None => false end)
            (an pre))
    (map (fun e => (fst e, omap (fun f => match find_base (fst f) (gf post (fst e)) with
                                                 | Some g => Some (fst f, Z.min (snd f) (snd g))
                                                 | None => gweak post f
                                                 end) (snd e)))
         (ag pre) ++
     omap (fun e => match lookp (ag pre) (fst e) with
                    | Some _ => None
                    | None => match omap (gweak pre) (snd e) with
                              | [] => None
                              | fs => Some (fst e, fs)
                              end
                    end) (ag post))
    (map (fun e => (fst e, match lookp (ap post) (fst e) with
                           | None => snd e
                           | Some cs => comps_union (snd e) cs
                           end)) (ap pre) ++
     filter (fun e => match lookp (ap pre) (fst e) with None => true | Some _ => false end) (ap post))
    (filter (fun o => existsb (rel_eqb o) (ao post)) (ao pre))
    (map (fun e => (fst e, filter (fun f => existsb (fact_eqb f) (facts_of (K := nat) (lookn (am post) (fst e)))) (snd e)))
         (am pre)).

(** The facts at the entry: every count and threshold is 0 (so every
    relation with d <= 0 holds, and V_q = max(0, V_q - 1), which says that
    nothing of q has run), nothing is known of the registers, no
    engine waits for anything. *)
Definition init : astate :=
  mkst [] (map (fun q => (q, (None, 0))) (ptracked p))
       (map (fun F => (F, 0)) (filter (fun F => match agsem p F with Some _ => true | None => false end)
                                       (seq 0 (nagents p)))) [] []
       (map (fun q => ((q, q), -1)) (ptracked p) ++ filter (fun o => snd o <=? 0) (prel p)) [].

(** ** Checks *)

Inductive diag : Type :=
| DUnsound (c F : nat)       (* site c may start before T(c, F) completions of F *)
| DImprecise (c F : nat)     (* site c waits for more completions of F than T(c, F) *)
| DWaitOwn (c sm : nat)      (* site c is held back on sm, which nothing it needs increments *)
| DAhead (b i : nat)         (* this wait may wait for an instance not issued yet *)
| DUnsupported (b i : nat)   (* an instruction the validator does not model *)
| DEdge (b s : nat)          (* the facts are not inductive on the edge b -> s *)
| DTable (what c s : nat).   (* the program's tables are inconsistent *)

(** V_q <= what engine e has waited for on sm. *)
Definition gdom (a : astate) (key : nat * nat) (q : nat) : bool :=
  existsb (fun f => match f with
                    | (BV q', k) => Nat.eqb q' q && (0 <=? k)
                    | (BN F, k) =>
                        Nat.eqb F (pagent p q) &&
                        ((0 <=? k) ||
                         match lookn (av a) q with
                         | Some (lo, _) => lo_le lo k
                         | None => false
                         end)
                    | (BZ, _) => false
                    end) (gf a key) ||
  (match lookn (av a) q with Some (None, _) => true | _ => false end ||
   known_zero a q).

(** q is a subset of q' (of one agent): V_q <= V_q', since the latest site
    of q' is never earlier than the latest site of q. *)
Definition qsub (q q' : nat) : bool :=
  Nat.eqb (pagent p q) (pagent p q') &&
  forallb (fun s => negb (pmem p q s) || pmem p q' s) (seq 0 (nsites p)).

(** V_q <= what engine e has waited for on sm, also through a tracked
    superset q' of q: a register updated after the sites of both copies of
    an unrolled body holds V_q', and the consumer conflicts with one copy. *)
Definition gdom_sub (a : astate) (key : nat * nat) (q : nat) : bool :=
  gdom a key q || existsb (fun q' => qsub q q' && gdom a key q') (ptracked p).

(** An upper bound that is at most T(c, F). *)
Definition pbound (a : astate) (c F : nat) (f : fact) : bool :=
  match f with
  | (BZ, k) => k <=? 0
  | (BV q, k) => (k <=? 0) && existsb (Nat.eqb q) (cover p c F)
  | (BN F', k) =>
      existsb (fun q => Nat.eqb (pagent p q) F' &&
                        match lookn (av a) q with
                        | Some (lo, hi) => nonempty lo hi && (k <=? hi)
                        | None => false
                        end) (cover p c F)
  end.

Definition confsetb (c F s : nat) : bool :=
  Nat.ltb s (nsites p) && Nat.eqb (sagent p s) F && conf p c s.

Definition own_or_free (c sm : nat) : bool :=
  forallb (fun F => match agsem p F with
                    | Some S0 => negb (Nat.eqb S0 sm) || Nat.eqb F (sagent p c)
                    | None => true
                    end) (seq 0 (nagents p)).

Definition check_site (pr : bool) (a : astate) (c : nat) : list diag :=
  let e := sengine p c in
  flat_map (fun F =>
    if Nat.eqb F (sagent p c) then [] else
    match agsem p F with
    | None => []
    | Some S0 =>
        (if forallb (fun s => negb (confsetb c F s) ||
                              existsb (fun q => pmem p q s && gdom_sub a (e, S0) q) (cover p c F))
                    (seq 0 (nsites p))
         then [] else [DUnsound c F]) ++
        (if pr then
           match lookp (ap a) (e, S0) with
           | None => []
           | Some cs => if forallb (existsb (pbound a c F)) cs then [] else [DImprecise c F]
           end
         else [])
    end) (seq 0 (nagents p)) ++
  (if pr then
     flat_map (fun en => if Nat.eqb (fst (fst en)) e && own_or_free c (snd (fst en)) &&
                            negb (forallb (existsb (fun f => base_eqb (fst f) BZ && (snd f <=? 0))) (snd en))
                         then [DWaitOwn c (snd (fst en))] else []) (ap a)
   else []).

(** A wait never asks for more than the count of its semaphore's agent at
    the wait (else it would wait for an instance not issued yet). *)
Definition check_wait (a : astate) (b i : nat) (sm r : nat) (k : Z) : list diag :=
  let vf := map (shift k) (rf a r) in
  (* max(0, r) = max(0, V_q + j) gives r + k <= V_q <= N_F for k <= 0, j + k <= 0 *)
  let mvf := if k <=? 0 then map (shift k) (mf a r) else [] in
  let ok :=
    match semag sm with
    | Some F =>
        existsb (fun f => match f with
                          | (BN F', j) => Nat.eqb F' F && (j <=? 0)
                          | (BV q, j) => Nat.eqb (pagent p q) F && (j <=? 0)
                          | (BZ, j) => (j <=? 0) ||
                                       match lookn (an a) F with Some n => j <=? n | None => false end
                          end) vf ||
        existsb (fun f => match f with
                          | (BV q, j) => Nat.eqb (pagent p q) F && (j <=? 0)
                          | _ => false
                          end) mvf
    | None => existsb (fun f => base_eqb (fst f) BZ && (snd f <=? 0)) vf
    end in
  if ok then [] else [DAhead b i].

Definition check_instr (pr : bool) (a : astate) (b i : nat) (ins : instr) : list diag :=
  match ins with
  | ISite c => check_site pr a c
  | IWait _ sm r k => check_wait a b i sm r k
  | IOther => [DUnsupported b i]
  | _ => []
  end.

Fixpoint check_instrs (pr : bool) (a : astate) (b i : nat) (l : list instr) : list diag * astate :=
  match l with
  | [] => ([], a)
  | ins :: l' =>
      let (ds, a') := check_instrs pr (transfer a ins) b (S i) l' in
      (check_instr pr a b i ins ++ ds, a')
  end.

(** ** The fixpoint (not trusted: only [check] below is) *)

Definition iv_eqb (x y : option Z * Z) : bool :=
  Z.eqb (snd x) (snd y) &&
  match fst x, fst y with
  | None, None => true
  | Some u, Some v => Z.eqb u v
  | _, _ => false
  end.

(** The lower end that a widened Empty interval takes: below every lower
    end a site gives (they are minus counts of the program's sites), so a
    join with a path where the set has run takes that path's. *)
Definition empty_floor : Z := - 2147483648.

(** Widening (the fixpoint only; [check] verifies what it yields). An
    interval that keeps changing with no lower end, Empty(u) around a loop
    that produces on the agent, would lower u forever: it becomes
    (empty_floor, empty_floor - 1), which V_q = 0 implies (V_q <= max(0,
    N_F + lo) for any lo, and no b is left) and which the loop's joins no
    longer change; a join with a path where the set has run still gives
    that path's upper bound. An interval with a lower end only changes
    finitely often (its lower end only grows, up to a count of the
    program's sites, and the join fixes an upper end below it), so it is
    kept. *)
Definition widen (old j : astate) : astate :=
  mkst
    (map (fun e => (fst e, filter (fun f => existsb (fact_eqb f) (facts_of (K := nat) (lookn (ar old) (fst e)))) (snd e))) (ar j))
    (omap (fun e => match lookn (av old) (fst e) with
                    | Some iv => if iv_eqb iv (snd e) then Some e
                                 else match fst (snd e) with
                                      | None => Some (fst e, (Some empty_floor, empty_floor - 1))
                                      | Some _ => Some e
                                      end
                    | None => None end) (av j))
    (filter (fun e => match lookn (an old) (fst e) with Some n => Z.eqb n (snd e) | None => false end) (an j))
    (map (fun e => (fst e, filter (fun f => existsb (fact_eqb f) (gf old (fst e))) (snd e))) (ag j))
    (map (fun e => (fst e, match lookp (ap old) (fst e) with
                           | Some cs => if list_list_fact_eqb cs (snd e) then snd e else [[]]
                           | None => snd e
                           end)) (ap j))
    (filter (fun o => existsb (rel_eqb o) (ao old)) (ao j))
    (map (fun e => (fst e, filter (fun f => existsb (fact_eqb f) (facts_of (K := nat) (lookn (am old) (fst e)))) (snd e))) (am j)).

Definition transfer_block (a : astate) (b : nat) : astate := fold_left transfer (pcode p b) a.

(** A block is widened after 10 changes per incoming edge (plus 10): a join
    of many edges, some of them loop exits, changes once per edge and per
    round while the loops above it settle, and widening it before they have
    settled drops facts that hold (a tracked set's interval, a wait that
    covers it), so a sound program would be reported unsound. *)
Definition widen_after (s : nat) : nat :=
  10 * S (length (filter (fun b => existsb (Nat.eqb s) (psucc p b)) (pblocks p))).

Definition visit (inv : list (nat * (nat * astate))) (post : astate) (s : nat)
  : list (nat * (nat * astate)) * bool :=
  match lookn inv s with
  | None => (setn s (1%nat, post) inv, true)
  | Some (n, old) =>
      let j := join post old in
      let j' := if Nat.ltb (widen_after s) n then widen old j else j in
      if astate_eq_dec j' old then (inv, false) else (setn s (S n, j') inv, true)
  end.

Fixpoint iterate (fuel : nat) (inv : list (nat * (nat * astate))) : list (nat * (nat * astate)) :=
  match fuel with
  | O => inv
  | S f =>
      let step := fold_left
        (fun acc b =>
           match lookn (fst acc) b with
           | None => acc
           | Some (_, a) =>
               let post := transfer_block a b in
               fold_left (fun acc2 s => let r := visit (fst acc2) post s in (fst r, snd acc2 || snd r))
                         (psucc p b) acc
           end) (pblocks p) (inv, false) in
      if snd step then iterate f (fst step) else fst step
  end.

Definition invariant : list (nat * (nat * astate)) :=
  iterate (100 * (length (pblocks p) + 1)) [(pentry p, (1%nat, init))].

Definition inv_at (inv : list (nat * (nat * astate))) (b : nat) : option astate :=
  option_map snd (lookn inv b).

(** ** The checker *)

Definition check_tables : list diag :=
  (* every site's semaphore is its agent's *)
  flat_map (fun s => match ssem p s with
                     | Some S0 => match agsem p (sagent p s) with
                                 | Some S1 => if Nat.eqb S0 S1 then [] else [DTable 0 s s]
                                 | None => [DTable 0 s s]
                                 end
                     | None => []
                     end) (seq 0 (nsites p)) ++
  (* agents have distinct semaphores *)
  flat_map (fun F1 => flat_map (fun F2 =>
     match agsem p F1, agsem p F2 with
     | Some x1, Some x2 => if negb (Nat.eqb F1 F2) && Nat.eqb x1 x2 then [DTable 1 F1 F2] else []
     | _, _ => []
     end) (seq 0 (nagents p))) (seq 0 (nagents p)) ++
  (* the tracked sets named for (c, F) are sets of F's sites conflicting with c *)
  flat_map (fun c => flat_map (fun F => flat_map (fun q =>
     if Nat.eqb (pagent p q) F &&
        forallb (fun s => negb (pmem p q s) || confsetb c F s) (seq 0 (nsites p))
     then [] else [DTable 2 c q]) (cover p c F)) (seq 0 (nagents p))) (seq 0 (nsites p)) ++
  (* sites are numbered below nsites; the blocks are closed under successors *)
  flat_map (fun b => flat_map (fun ins => match ins with
                                         | ISite s => if Nat.ltb s (nsites p) then [] else [DTable 3 b s]
                                         | _ => []
                                         end) (pcode p b) ++
                     flat_map (fun s => if existsb (Nat.eqb s) (pblocks p) then [] else [DTable 4 b s])
                              (psucc p b)) (pblocks p) ++
  (if existsb (Nat.eqb (pentry p)) (pblocks p) then [] else [DTable 4 (pentry p) (pentry p)]) ++
  (* every site's agent is one of the agents *)
  flat_map (fun s => if Nat.ltb (sagent p s) (nagents p) then [] else [DTable 7 s s])
           (seq 0 (nsites p)) ++
  (* a site on another agent that conflicts with a consumer has a semaphore,
     and all the sites of one agent wait on one engine *)
  flat_map (fun c => flat_map (fun s =>
     (if negb (Nat.eqb (sagent p s) (sagent p c)) && conf p c s && negb (isprod s)
      then [DTable 5 c s] else []) ++
     (if Nat.eqb (sagent p s) (sagent p c) && negb (Nat.eqb (sengine p s) (sengine p c))
      then [DTable 6 c s] else [])) (seq 0 (nsites p))) (seq 0 (nsites p)).

Definition check_with (pr : bool) (inv : list (nat * (nat * astate))) : list diag :=
  check_tables ++
  (match inv_at inv (pentry p) with
   | Some a0 => if astate_eq_dec (join init a0) a0 then [] else [DEdge (pentry p) (pentry p)]
   | None => [DEdge (pentry p) (pentry p)]
   end) ++
  flat_map (fun b =>
     match inv_at inv b with
     | None => []
     | Some a =>
         let (ds, post) := check_instrs pr a b 0 (pcode p b) in
         ds ++ flat_map (fun s => match inv_at inv s with
                                  | Some a' => if astate_eq_dec (join post a') a' then [] else [DEdge b s]
                                  | None => [DEdge b s]
                                  end) (psucc p b)
     end) (pblocks p).

(** [check true]: every finding; [check false]: soundness only. *)
Definition check (pr : bool) : list diag := check_with pr invariant.

End Validator.
